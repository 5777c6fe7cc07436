//! Where the sockets live.

use std::os::unix::fs::{DirBuilderExt, PermissionsExt};
use std::path::{Path, PathBuf};

/// The agent socket: `$TABWRIGHT_SOCKET`, else `$XDG_RUNTIME_DIR/tabwright/agent.sock`, else
/// `<temp dir>/tabwright-<uid>/agent.sock`.
pub fn default_socket() -> PathBuf {
    if let Some(p) = std::env::var_os("TABWRIGHT_SOCKET").filter(|p| !p.is_empty()) {
        return PathBuf::from(p);
    }
    if let Some(dir) = std::env::var_os("XDG_RUNTIME_DIR").filter(|p| !p.is_empty()) {
        return PathBuf::from(dir).join("tabwright").join("agent.sock");
    }
    // SAFETY: getuid has no preconditions and cannot fail.
    let uid = unsafe { libc::getuid() };
    std::env::temp_dir().join(format!("tabwright-{uid}")).join("agent.sock")
}

/// The socket a native host relays the extension's messages to, beside the agent socket.
pub fn hub_socket(agent_socket: &Path) -> PathBuf {
    let mut name = agent_socket.file_name().map(|n| n.to_os_string()).unwrap_or_default();
    name.push(".ext");
    agent_socket.with_file_name(name)
}

/// Makes the socket's directory with mode 0700, or checks that an existing one is private.
pub fn prepare_socket_dir(socket: &Path) -> std::io::Result<()> {
    let dir = socket.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    if !dir.exists() {
        std::fs::DirBuilder::new().recursive(true).mode(0o700).create(dir)?;
    }
    let meta = std::fs::symlink_metadata(dir)?;
    if meta.file_type().is_symlink() || !meta.is_dir() {
        return Err(std::io::Error::new(std::io::ErrorKind::PermissionDenied, format!("{} is not a plain directory", dir.display())));
    }
    // SAFETY: geteuid has no preconditions and cannot fail.
    if std::os::unix::fs::MetadataExt::uid(&meta) != unsafe { libc::geteuid() } {
        return Err(std::io::Error::new(
            std::io::ErrorKind::PermissionDenied,
            format!("{} belongs to another user; the socket must live in a directory of your own", dir.display()),
        ));
    }
    let mode = meta.permissions().mode() & 0o777;
    if mode & 0o077 != 0 {
        return Err(std::io::Error::new(
            std::io::ErrorKind::PermissionDenied,
            format!("{} is readable by other users (mode {mode:o}); use a private (0700) directory for the socket", dir.display()),
        ));
    }
    Ok(())
}
