//! `isolo-bot forget --user ID`: the operator's way to forget a member
//! (the same as their `/isolo forget-me`): see [`Table::forget_member`].

use std::sync::Arc;

use clap::Args;
use isolo_bot::table::{SystemClock, Table, TableConfig, TableError};

use super::store_cmd::StoreArgs;

/// Options of `forget`.
#[derive(Args)]
pub struct ForgetArgs {
    /// The member's user id (Discord: Developer Mode, right-click, Copy User ID).
    #[arg(long)]
    user: u64,
    /// The store to change.
    #[command(flatten)]
    store: StoreArgs,
}

/// Forgets the member and prints what was deleted or changed.
pub fn run(args: &ForgetArgs) -> anyhow::Result<()> {
    if args.user == 0 {
        anyhow::bail!("--user must be a member's id, not 0");
    }
    let (store, what) = args.store.open()?;
    let table = Table::new(store, Arc::new(SystemClock), TableConfig::default());
    let done = match table.forget_member(args.user) {
        Err(TableError::StillPlaying { games, challenges }) => anyhow::bail!(
            "member {} still plays game(s) {games:?} and has {challenges} open challenge(s): \
             they resign, decline or withdraw (or a moderator runs /isolo game abort), then run this again",
            args.user
        ),
        other => other?,
    };
    println!(
        "forgot member {} in the {what}: {} rating(s), {} game-list entries and {} entries of their page deleted, settings {}, \
         {} finished game(s) now show a former member, {} head-to-head line(s) removed, \
         {} puzzle or course entries deleted, {} tournament(s) and {} daily post(s) no longer name them, \
         {} other entries (held news, set-aside entries) dropped",
        args.user,
        done.ratings,
        done.listed,
        done.page,
        if done.settings { "deleted" } else { "none stored" },
        done.games,
        done.head_to_head,
        done.training,
        done.tournaments,
        done.daily_posts,
        done.other
    );
    Ok(())
}
