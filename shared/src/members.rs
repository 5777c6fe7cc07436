//! The member table: one row per member of `browser_toolset_20260801`.
//!
//! Every other per-member fact (which members take `tab_id`, which are tab-management members,
//! which are on by default, which need a person's confirmation, the acknowledgement a pure action
//! returns, how its input parses) is read off this table.

use crate::input::{self, Input, InputError};
use serde_json::Value;

/// How a member's successful result is shaped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultKind {
    /// A text line naming where the tab ended up.
    Navigate,
    /// An image block.
    Screenshot,
    /// The member's own text output.
    Text,
    /// A pure action: its acknowledgement only.
    Ack,
    /// Tab management: exactly one browser_state block.
    TabState,
}

/// The groups of DESIGN.md; each group has its own executor module.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    Navigation,
    Pointer,
    Keyboard,
    Reading,
    Forms,
    Diagnostics,
    Tabs,
}

/// One row of the member table.
pub struct MemberRow {
    pub member: Member,
    pub name: &'static str,
    pub group: Group,
    pub result: ResultKind,
    /// The acknowledgement of a pure action; `{field}` is filled from the input.
    pub ack: Option<&'static str>,
    pub enabled_by_default: bool,
    pub confirm_required: bool,
    /// Changes nothing in the browser (it reads, or it waits), so one cut short may be asked again.
    pub reads: bool,
    /// The input's fields as the official schema names them.
    pub fields: &'static [&'static str],
    parse: fn(&Value) -> Result<MemberInput, InputError>,
}

impl MemberRow {
    pub fn takes_tab_id(&self) -> bool {
        self.fields.contains(&"tab_id")
    }
}

fn parse_as<T: Input>(value: &Value) -> Result<T, InputError> {
    input::parse::<T>(value)
}

macro_rules! members {
    ($( $variant:ident $name:literal $group:ident $result:ident $ack:expr, $default:literal $confirm:literal $reads:literal $input:ident; )*) => {
        /// A member of the toolset.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Member { $($variant),* }

        /// A member's parsed, checked input.
        #[derive(Clone, Debug, PartialEq)]
        pub enum MemberInput { $($variant(input::$input)),* }

        /// The member table.
        pub static MEMBERS: &[MemberRow] = &[ $(
            MemberRow {
                member: Member::$variant,
                name: $name,
                group: Group::$group,
                result: ResultKind::$result,
                ack: $ack,
                enabled_by_default: $default,
                confirm_required: $confirm,
                reads: $reads,
                fields: <input::$input as Input>::FIELDS,
                parse: |v| parse_as::<input::$input>(v).map(MemberInput::$variant),
            },
        )* ];
    };
}

members! {
    Navigate "navigate" Navigation Navigate None, true false false Navigate;
    Screenshot "screenshot" Navigation Screenshot None, true false true TabOnly;
    Zoom "zoom" Navigation Screenshot None, true false true Zoom;
    LeftClick "left_click" Pointer Ack Some("Clicked."), true false false Click;
    RightClick "right_click" Pointer Ack Some("Right-clicked."), true false false Click;
    MiddleClick "middle_click" Pointer Ack Some("Middle-clicked."), true false false Click;
    DoubleClick "double_click" Pointer Ack Some("Double-clicked."), true false false Click;
    TripleClick "triple_click" Pointer Ack Some("Triple-clicked."), true false false Click;
    Hover "hover" Pointer Ack Some("Hovered."), true false false Hover;
    LeftClickDrag "left_click_drag" Pointer Ack Some("Dragged."), true false false Drag;
    LeftMouseDown "left_mouse_down" Pointer Ack Some("Mouse button pressed."), true false false Pointer;
    LeftMouseUp "left_mouse_up" Pointer Ack Some("Mouse button released."), true false false Pointer;
    MouseMove "mouse_move" Pointer Ack Some("Moved the mouse."), true false false Pointer;
    Scroll "scroll" Pointer Ack Some("Scrolled {scroll_direction}."), true false false Scroll;
    ScrollTo "scroll_to" Pointer Ack Some("Scrolled to {ref}."), true false false RefOnly;
    Type "type" Keyboard Ack Some("Typed."), true false false Type;
    Key "key" Keyboard Ack Some("Pressed {text}{times}."), true false false Key;
    HoldKey "hold_key" Keyboard Ack Some("Held {text} for {duration}s."), true false false HoldKey;
    Wait "wait" Keyboard Ack Some("Waited {duration}s."), true false true Wait;
    ReadPage "read_page" Reading Text None, true false true ReadPage;
    Find "find" Reading Text None, true false true Find;
    GetPageText "get_page_text" Reading Text None, true false true TabOnly;
    FormInput "form_input" Forms Ack Some("Set the value of {ref}."), true false false FormInput;
    FileUpload "file_upload" Forms Ack Some("Uploaded."), false true false FileUpload;
    JavascriptExec "javascript_exec" Diagnostics Text None, false true false Script;
    ReadConsole "read_console" Diagnostics Text None, false false false TabOnly;
    ReadNetwork "read_network" Diagnostics Text None, false false false TabOnly;
    NewTab "new_tab" Tabs TabState None, true false false Empty;
    ListTabs "list_tabs" Tabs TabState None, true false true Empty;
    SwitchTab "switch_tab" Tabs TabState None, true false false TabRequired;
    CloseTab "close_tab" Tabs TabState None, true false false TabRequired;
}

impl Member {
    /// Looks a member up by the name a tool_use carries.
    pub fn from_name(name: &str) -> Option<Member> {
        MEMBERS.iter().find(|r| r.name == name).map(|r| r.member)
    }

    pub fn row(self) -> &'static MemberRow {
        // The table is built in enum order, so the discriminant is the row's index.
        &MEMBERS[self as usize]
    }

    pub fn name(self) -> &'static str {
        self.row().name
    }

    /// Tab-management members answer with exactly one browser_state block.
    pub fn is_tab_management(self) -> bool {
        self.row().result == ResultKind::TabState
    }

    /// Parses and checks this member's input.
    pub fn parse_input(self, value: &Value) -> Result<MemberInput, InputError> {
        (self.row().parse)(value)
    }

    pub fn all() -> impl Iterator<Item = Member> {
        MEMBERS.iter().map(|r| r.member)
    }
}

impl std::fmt::Display for Member {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The published member list of browser_toolset_20260801.
    const PUBLISHED: [&str; 31] = [
        "navigate", "screenshot", "zoom", "left_click", "right_click", "middle_click", "double_click",
        "triple_click", "hover", "left_click_drag", "left_mouse_down", "left_mouse_up", "mouse_move",
        "scroll", "scroll_to", "type", "key", "hold_key", "wait", "read_page", "find", "get_page_text",
        "form_input", "file_upload", "javascript_exec", "read_console", "read_network", "new_tab",
        "list_tabs", "switch_tab", "close_tab",
    ];

    #[test]
    fn table_matches_published_member_list() {
        let mut ours: Vec<_> = MEMBERS.iter().map(|r| r.name).collect();
        let mut published = PUBLISHED.to_vec();
        ours.sort_unstable();
        published.sort_unstable();
        assert_eq!(ours, published);
    }

    #[test]
    fn rows_are_in_enum_order() {
        for (i, row) in MEMBERS.iter().enumerate() {
            assert_eq!(row.member as usize, i, "{} out of order", row.name);
            assert_eq!(Member::from_name(row.name), Some(row.member));
        }
    }

    #[test]
    fn four_members_are_off_by_default() {
        let off: Vec<_> = MEMBERS.iter().filter(|r| !r.enabled_by_default).map(|r| r.name).collect();
        assert_eq!(off, ["file_upload", "javascript_exec", "read_console", "read_network"]);
        assert_eq!(MEMBERS.iter().filter(|r| r.enabled_by_default).count(), 27);
    }

    #[test]
    fn tab_id_is_optional_input_everywhere_but_tab_members() {
        for row in MEMBERS {
            let expected = !matches!(row.name, "new_tab" | "list_tabs");
            assert_eq!(row.takes_tab_id(), expected, "{}", row.name);
        }
    }

    #[test]
    fn pure_actions_have_acknowledgements() {
        for row in MEMBERS {
            assert_eq!(row.result == ResultKind::Ack, row.ack.is_some(), "{}", row.name);
        }
    }
}
