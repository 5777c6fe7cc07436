//! Filesystem-side checks for file_upload: every path is resolved against the configured upload
//! roots before the extension sees it.

use std::path::{Component, Path, PathBuf};

/// The longest path accepted, in bytes.
pub const MAX_PATH: usize = 4096;

/// Canonical forms of the configured roots (roots that do not exist are left out).
pub fn canonical_roots(roots: &[PathBuf]) -> Vec<PathBuf> {
    roots.iter().filter_map(|r| r.canonicalize().ok()).filter(|r| r.is_dir()).collect()
}

/// Resolves one path Claude gave: absolute, no `..`, no NUL, not too long, and (after following
/// every symlink) inside one of the roots, compared by whole path components.
pub fn resolve(path: &str, roots: &[PathBuf]) -> Result<PathBuf, String> {
    if roots.is_empty() {
        return Err("file_upload has no upload folder configured, so no file can be uploaded. The person running tabwright can add upload_roots to the policy.".into());
    }
    if path.contains('\0') {
        return Err("The path contains a NUL character.".into());
    }
    if path.len() > MAX_PATH {
        return Err(format!("The path is longer than {MAX_PATH} bytes."));
    }
    let p = Path::new(path);
    if p.components().any(|c| matches!(c, Component::ParentDir)) {
        return Err(format!("{path:?} contains \"..\"; give the file's path inside an upload folder directly."));
    }
    if !p.is_absolute() {
        return Err(format!("{path:?} is not an absolute path; give the full path of a file inside an upload folder."));
    }
    let real = p.canonicalize().map_err(|e| format!("{path:?} cannot be read: {e}."))?;
    if !roots.iter().any(|root| real.starts_with(root)) {
        return Err(format!("{path:?} is outside the upload folders, so it cannot be uploaded."));
    }
    if !real.is_file() {
        return Err(format!("{path:?} is not a file."));
    }
    Ok(real)
}

/// Copies a checked file into a private staging folder and returns the copy's path, so the file
/// the browser reads cannot be swapped (say, for a symlink) between the check and the upload.
/// The source is opened without following a final symlink.
pub fn stage(checked: &Path, staging: &Path) -> Result<PathBuf, String> {
    use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
    static N: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = staging.join(format!("{}-{n}", std::process::id()));
    std::fs::DirBuilder::new().recursive(true).mode(0o700).create(&dir).map_err(|e| format!("cannot stage the upload: {e}"))?;
    let name = checked.file_name().ok_or("the path names no file")?;
    let mut source = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NOFOLLOW)
        .open(checked)
        .map_err(|e| format!("{} cannot be read: {e}.", checked.display()))?;
    if !source.metadata().map(|m| m.is_file()).unwrap_or(false) {
        return Err(format!("{} is not a file.", checked.display()));
    }
    let copy = dir.join(name);
    let mut target = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(&copy)
        .map_err(|e| format!("cannot stage the upload: {e}"))?;
    std::io::copy(&mut source, &mut target).map_err(|e| format!("cannot stage the upload: {e}"))?;
    Ok(copy)
}

/// Whether `inner` is `outer` or inside it (both canonical).
pub fn overlaps(a: &Path, b: &Path) -> bool {
    a.starts_with(b) || b.starts_with(a)
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Dir(PathBuf);
    impl Drop for Dir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    #[test]
    fn paths_are_confined_to_the_roots() {
        let base = Dir(std::env::temp_dir().join(format!("tabwright-uploads-{}", std::process::id())));
        let root = base.0.join("root");
        let outside = base.0.join("outside");
        std::fs::create_dir_all(&root).expect("root");
        std::fs::create_dir_all(&outside).expect("outside");
        std::fs::write(root.join("ok.txt"), "ok").expect("ok");
        std::fs::write(outside.join("secret.txt"), "no").expect("secret");
        std::os::unix::fs::symlink(outside.join("secret.txt"), root.join("link.txt")).expect("symlink");
        std::fs::create_dir_all(base.0.join("root2")).expect("root2");
        std::fs::write(base.0.join("root2").join("x.txt"), "x").expect("x");
        let roots = canonical_roots(std::slice::from_ref(&root));

        assert!(resolve(root.join("ok.txt").to_str().unwrap_or_default(), &roots).is_ok());
        assert!(resolve(outside.join("secret.txt").to_str().unwrap_or_default(), &roots).unwrap_err().contains("outside"));
        assert!(resolve(root.join("link.txt").to_str().unwrap_or_default(), &roots).unwrap_err().contains("outside"), "a symlink out of the root is refused");
        assert!(resolve(&format!("{}/../outside/secret.txt", root.display()), &roots).unwrap_err().contains(".."));
        assert!(resolve("ok.txt", &roots).unwrap_err().contains("absolute"));
        assert!(resolve("/tmp/a\0b", &roots).unwrap_err().contains("NUL"));
        assert!(resolve(&format!("/{}", "a".repeat(5000)), &roots).unwrap_err().contains("longer"));
        // "root2" starts with "root" as text, not as a path component.
        assert!(resolve(base.0.join("root2/x.txt").to_str().unwrap_or_default(), &roots).unwrap_err().contains("outside"));
        assert!(resolve(root.join("ok.txt").to_str().unwrap_or_default(), &[]).unwrap_err().contains("no upload folder"));
        assert!(overlaps(&root, &root.join("sub")) && !overlaps(&root, &outside));
        let staged = stage(&root.join("ok.txt").canonicalize().expect("ok"), &base.0.join("staging")).expect("staged");
        assert_eq!(std::fs::read_to_string(&staged).expect("copy"), "ok");
        assert!(staged.starts_with(base.0.join("staging")) && staged.ends_with("ok.txt"));
        assert!(stage(&root.join("link.txt"), &base.0.join("staging")).is_err(), "a final symlink is not followed");
    }
}
