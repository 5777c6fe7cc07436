//! Native-messaging framing: a 4-byte native-endian length, then that many bytes of JSON.

use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};

/// Chrome's limit on one message toward the extension.
pub const MAX_TO_EXTENSION: usize = 1024 * 1024;
/// Chrome's limit on one message from the extension.
pub const MAX_FROM_EXTENSION: usize = 64 * 1024 * 1024;

#[derive(Debug, thiserror::Error)]
pub enum FrameError {
    #[error("the connection closed")]
    Closed,
    #[error("a frame of {len} bytes is over the {max}-byte limit")]
    TooLarge { len: usize, max: usize },
    #[error("i/o error: {0}")]
    Io(#[from] std::io::Error),
}

/// Reads one frame's payload. `Closed` on a clean end of stream between frames.
pub async fn read_frame<R: AsyncRead + Unpin>(reader: &mut R, max: usize) -> Result<Vec<u8>, FrameError> {
    let mut len = [0u8; 4];
    match reader.read_exact(&mut len).await {
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => return Err(FrameError::Closed),
        Err(e) => return Err(e.into()),
    }
    let len = u32::from_ne_bytes(len) as usize;
    if len > max {
        return Err(FrameError::TooLarge { len, max });
    }
    let mut payload = vec![0u8; len];
    reader.read_exact(&mut payload).await.map_err(|e| match e.kind() {
        std::io::ErrorKind::UnexpectedEof => FrameError::Closed,
        _ => FrameError::Io(e),
    })?;
    Ok(payload)
}

/// Writes one frame, refusing a payload over `max` before anything is written.
pub async fn write_frame<W: AsyncWrite + Unpin>(writer: &mut W, payload: &[u8], max: usize) -> Result<(), FrameError> {
    if payload.len() > max {
        return Err(FrameError::TooLarge { len: payload.len(), max });
    }
    let len = u32::try_from(payload.len()).map_err(|_| FrameError::TooLarge { len: payload.len(), max })?;
    writer.write_all(&len.to_ne_bytes()).await?;
    writer.write_all(payload).await?;
    writer.flush().await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn round_trip_and_limits() {
        let mut buf = Vec::new();
        write_frame(&mut buf, br#"{"a":1}"#, MAX_TO_EXTENSION).await.expect("write");
        assert_eq!(&buf[..4], &7u32.to_ne_bytes());
        let mut r = &buf[..];
        assert_eq!(read_frame(&mut r, MAX_FROM_EXTENSION).await.expect("read"), br#"{"a":1}"#);
        assert!(matches!(read_frame(&mut r, MAX_FROM_EXTENSION).await, Err(FrameError::Closed)));

        let big = vec![b'x'; MAX_TO_EXTENSION + 1];
        let mut out = Vec::new();
        assert!(matches!(write_frame(&mut out, &big, MAX_TO_EXTENSION).await, Err(FrameError::TooLarge { .. })));
        assert!(out.is_empty(), "nothing is written for a refused frame");

        let mut header = (100u32).to_ne_bytes().to_vec();
        header.extend_from_slice(b"short");
        assert!(matches!(read_frame(&mut &header[..], 50).await, Err(FrameError::TooLarge { len: 100, max: 50 })));
        assert!(matches!(read_frame(&mut &header[..], 500).await, Err(FrameError::Closed)));
    }
}
