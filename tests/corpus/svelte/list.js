// Compiled from List.svelte by svelte/compiler 5.57.3 (build.mjs). Do not edit.
import 'svelte/internal/disclose-version';
import * as $ from 'svelte/internal/client';

var root = $.from_html(`<div class="row"><span> </span> <span class="drop">✕</span></div>`);
var root_1 = $.from_html(`<h1>Shopping list</h1> <p>Tick what is in the basket; take off what is not needed.</p> <!> <div class="done">Done</div>`, 1);

export default function List($$anchor) {
	let items = $.state($.proxy(["Milk", "Eggs", "Bread", "Apples"]));
	let got = $.state($.proxy([]));

	const toggle = (item) => $.set(
		got,
		$.get(got).includes(item)
			? $.get(got).filter((x) => x !== item)
			: [...$.get(got), item],
		true
	);

	const drop = (item) => {
		$.set(items, $.get(items).filter((x) => x !== item), true);
		$.set(got, $.get(got).filter((x) => x !== item), true);
	};

	var fragment = root_1();
	var node = $.sibling($.first_child(fragment), 4);

	$.each(node, 16, () => $.get(items), (item) => item, ($$anchor, item) => {
		var div = root();
		var span = $.child(div);
		let classes;
		var text = $.only_child(span, true);
		var span_1 = $.sibling(span, 2);

		$.reset(div);

		$.template_effect(
			($0) => {
				classes = $.set_class(span, 1, 'item', null, classes, { got: $0 });
				$.set_text(text, item);
				$.set_attribute(span_1, 'title', `Take ${item} off the list`);
			},
			[() => $.get(got).includes(item)]
		);

		$.delegated('click', span, () => toggle(item));
		$.delegated('click', span_1, () => drop(item));
		$.append($$anchor, div);
	});

	var div_1 = $.sibling(node, 2);

	$.delegated('click', div_1, () => window.report({ done: true, items: $.get(items), got: $.get(got) }));
	$.append($$anchor, fragment);
}

$.delegate(['click']);