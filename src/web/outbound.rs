//! The allowance for calls to Discord that a web request can cause: the
//! sign-in's code exchange and `/users/@me`, the Activity's instance check,
//! the look-ups of who may see a channel. Each goes through a per-address
//! and a per-member allowance and a budget for the whole server well under
//! Discord's limits (Discord bans an address after 10,000 invalid requests
//! in 10 minutes, which would take the bot offline), and a look-up that
//! failed is not asked again for a while.

use std::collections::hash_map::RandomState;
use std::collections::HashMap;
use std::hash::BuildHasher;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::guard::{address_key, Buckets, Refused};

/// Calls one address may cause in a burst, then one every [`REFILL_EVERY`].
const ADDRESS_BURST: f64 = 10.0;
/// Calls one signed-in member may cause in a burst, then likewise.
const MEMBER_BURST: f64 = 10.0;
/// One call regained this often, per address and per member.
const REFILL_EVERY: Duration = Duration::from_secs(6);
/// Calls the whole server may make in a burst...
const GLOBAL_BURST: f64 = 30.0;
/// ...then this many a second: at most 3,030 in ten minutes, a third of the
/// invalid requests that get an address banned, and a tenth of the global
/// rate limit.
const GLOBAL_PER_SEC: f64 = 5.0;
/// How long a failed look-up is answered from memory.
pub(crate) const FAILED_FOR: Duration = Duration::from_secs(60);
/// Failed look-ups remembered at most (the oldest go first).
const FAILED_KEPT: usize = 20_000;
/// Keys of the per-address and per-member allowances kept at most.
const KEYS_KEPT: usize = 50_000;

/// What a call is made for (the allowances it counts against).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Caller {
    /// The client's address (`None`: the server itself, as the hub's pushes).
    pub(crate) address: Option<IpAddr>,
    /// The signed-in member, if any.
    pub(crate) member: Option<u64>,
}

struct State {
    global: Buckets<()>,
    addresses: Buckets<IpAddr>,
    members: Buckets<u64>,
    failed: HashMap<u64, Instant>,
}

/// The allowances and the failed look-ups.
pub(crate) struct Outbound {
    state: Mutex<State>,
    hasher: RandomState,
}

impl Outbound {
    pub(crate) fn new() -> Outbound {
        Outbound {
            state: Mutex::new(State {
                global: Buckets::new(1),
                addresses: Buckets::new(KEYS_KEPT),
                members: Buckets::new(KEYS_KEPT),
                failed: HashMap::new(),
            }),
            hasher: RandomState::new(),
        }
    }

    /// Spends `calls` of `caller`'s allowances for calls to Discord: 429
    /// past the address's or the member's, 503 past the server's.
    pub(crate) fn spend(&self, caller: Caller, calls: u32) -> Result<(), Refused> {
        let per_sec = 1.0 / REFILL_EVERY.as_secs_f64();
        let mut s = self.state.lock().expect("the outbound lock");
        for _ in 0..calls {
            if let Some(a) = caller.address {
                if !s.addresses.take(address_key(a), ADDRESS_BURST, per_sec) {
                    return Err(Refused::TooMany);
                }
            }
            if let Some(m) = caller.member {
                if !s.members.take(m, MEMBER_BURST, per_sec) {
                    return Err(Refused::TooMany);
                }
            }
            if !s.global.take((), GLOBAL_BURST, GLOBAL_PER_SEC) {
                return Err(Refused::Busy);
            }
        }
        Ok(())
    }

    fn key(&self, kind: &str, what: &str) -> u64 {
        self.hasher.hash_one((kind, what))
    }

    /// Whether the look-up `kind` of `what` failed within [`FAILED_FOR`].
    pub(crate) fn failed_lately(&self, kind: &str, what: &str) -> bool {
        let key = self.key(kind, what);
        let s = self.state.lock().expect("the outbound lock");
        s.failed.get(&key).is_some_and(|at| at.elapsed() < FAILED_FOR)
    }

    /// Remembers that the look-up `kind` of `what` failed.
    pub(crate) fn failed(&self, kind: &str, what: &str) {
        let key = self.key(kind, what);
        let mut s = self.state.lock().expect("the outbound lock");
        if s.failed.len() >= FAILED_KEPT {
            s.failed.retain(|_, at| at.elapsed() < FAILED_FOR);
            if s.failed.len() >= FAILED_KEPT {
                // All fresh: forget the oldest half rather than grow.
                let mut ages: Vec<Instant> = s.failed.values().copied().collect();
                ages.sort_unstable();
                let cut = ages[ages.len() / 2];
                s.failed.retain(|_, at| *at > cut);
            }
        }
        s.failed.insert(key, Instant::now());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn caller(last: u8, member: Option<u64>) -> Caller {
        Caller {
            address: Some(IpAddr::from([192, 0, 2, last])),
            member,
        }
    }

    #[test]
    fn an_address_and_a_member_have_a_burst_then_wait() {
        let o = Outbound::new();
        for _ in 0..10 {
            assert_eq!(o.spend(caller(1, None), 1), Ok(()));
        }
        assert_eq!(o.spend(caller(1, None), 1), Err(Refused::TooMany));
        // The same member from elsewhere is still at their limit.
        for i in 0..10 {
            assert_eq!(o.spend(caller(10 + i, Some(7)), 1), Ok(()));
        }
        assert_eq!(o.spend(caller(99, Some(7)), 1), Err(Refused::TooMany));
    }

    #[test]
    fn the_server_as_a_whole_stays_under_its_budget() {
        let o = Outbound::new();
        let allowed = (0..=255u8)
            .filter(|i| o.spend(caller(*i, None), 1).is_ok())
            .count();
        assert!((30..=32).contains(&allowed), "{allowed} calls in a burst");
        assert_eq!(o.spend(caller(3, None), 1), Err(Refused::Busy));
    }

    #[test]
    fn a_failed_look_up_is_remembered() {
        let o = Outbound::new();
        assert!(!o.failed_lately("code", "junk"));
        o.failed("code", "junk");
        assert!(o.failed_lately("code", "junk"));
        assert!(!o.failed_lately("instance", "junk"));
        for i in 0..(FAILED_KEPT + 10) {
            o.failed("code", &i.to_string());
        }
        assert!(o.state.lock().unwrap().failed.len() <= FAILED_KEPT);
    }
}
