//! Notifications: LISTEN on a dedicated connection, and the NOTIFY of
//! live games written.

use deadpool_postgres::Pool;
use tokio_postgres::{AsyncMessage, NoTls};

use super::super::StoreError;
use super::common::{backend, pool_error, NOTIFY};
use crate::store::Result;

/// Listens to NOTIFY channel `name` on a dedicated connection; each
/// payload that is a number is passed on. When the receiver falls 1,024
/// behind, a wake-up is dropped (`lossless` false: one pending wake-up
/// is as good as many), or the subscription ends (`lossless`: the
/// receiver sees it close and reads everything again).
pub(super) async fn listen(
    pg_config: &tokio_postgres::Config,
    name: &str,
    lossless: bool,
) -> Result<tokio::sync::mpsc::Receiver<u64>> {
    let listen = format!("LISTEN {name}");
    let (client, mut connection) = pg_config.connect(NoTls).await.map_err(backend)?;
    let (tx, rx) = tokio::sync::mpsc::channel(1024);
    let (ready_tx, ready_rx) = tokio::sync::oneshot::channel();
    tokio::spawn(async move {
        let subscribe = client.batch_execute(&listen);
        tokio::pin!(subscribe);
        let mut ready = Some(ready_tx);
        loop {
            tokio::select! {
                done = &mut subscribe, if ready.is_some() => {
                    let failed = done.is_err();
                    if let Some(ready) = ready.take() {
                        let _ = ready.send(done.map_err(backend));
                    }
                    if failed {
                        return;
                    }
                }
                message = std::future::poll_fn(|cx| connection.poll_message(cx)) => {
                    match message {
                        Some(Ok(AsyncMessage::Notification(n))) => {
                            if let Ok(channel) = n.payload().parse() {
                                let full = matches!(
                                    tx.try_send(channel),
                                    Err(tokio::sync::mpsc::error::TrySendError::Full(_))
                                );
                                if full && lossless {
                                    return;
                                }
                            }
                        }
                        Some(Ok(_)) => {}
                        Some(Err(_)) | None => return,
                    }
                }
                () = tx.closed() => return,
            }
        }
    });
    ready_rx
        .await
        .map_err(|_| StoreError::Backend("PostgreSQL LISTEN connection closed".into()))??;
    Ok(rx)
}

/// Announces `channels` on NOTIFY channel `name`, after the commit and off
/// the mover's path: a page elsewhere learns of the move within a round
/// trip; a lost NOTIFY only delays it to the page's next poll.
pub(super) async fn announce(pool: Pool, name: String, payloads: Vec<String>) {
    let sent = async {
        let client = pool.get().await.map_err(pool_error)?;
        client.execute(NOTIFY, &[&name, &payloads]).await.map_err(backend)
    };
    if let Err(e) = sent.await {
        tracing::debug!("cannot announce a game change: {e}");
    }
}
