//! Routes are used for ratelimiting. These are to differentiate between the different _types_ of
//! routes - such as getting the current user's channels - for the most part, with the exception
//! being major parameters.
//!
//! [Taken from] the Discord docs, major parameters are:
//!
//! > Additionally, rate limits take into account major parameters in the URL. For example,
//! > `/channels/:channel_id` and `/channels/:channel_id/messages/:message_id` both take
//! > `channel_id` into account when generating rate limits since it's the major parameter. The
//! > only current major parameters are `channel_id`, `guild_id` and `webhook_id`.
//!
//! This results in the two URLs of `GET /channels/4/messages/7` and `GET /channels/5/messages/8`
//! being rate limited _separately_. However, the two URLs of `GET /channels/10/messages/11` and
//! `GET /channels/10/messages/12` will count towards the "same ratelimit", as the major parameter
//! - `10` is equivalent in both URLs' format.
//!
//! # Examples
//!
//! First: taking the first two URLs - `GET /channels/4/messages/7` and `GET
//! /channels/5/messages/8` - and assuming both buckets have a `limit` of `10`, requesting the
//! first URL will result in the response containing a `remaining` of `9`. Immediately after -
//! prior to buckets resetting - performing a request to the _second_ URL will also contain a
//! `remaining` of `9` in the response, as the major parameter - `channel_id` - is different in the
//! two requests (`4` and `5`).
//!
//! Second: take for example the last two URLs. Assuming the bucket's `limit` is `10`, requesting
//! the first URL will return a `remaining` of `9` in the response. Immediately after - prior to
//! buckets resetting - performing a request to the _second_ URL will return a `remaining` of `8`
//! in the response, as the major parameter - `channel_id` - is equivalent for the two requests
//! (`10`).
//!
//! Major parameters are why some variants (i.e. all of the channel/guild variants) have an
//! associated u64 as data. This is the Id of the parameter, differentiating between different
//! ratelimits.
//!
//! [Taken from]: https://discord.com/developers/docs/topics/rate-limits#rate-limits

use std::collections::HashMap;
use std::fmt;
use std::str::{self, FromStr};
use std::sync::Arc;
use std::time::{Instant, SystemTime};

use reqwest::header::HeaderMap;
use reqwest::{Client, Response, StatusCode};
use secrecy::{ExposeSecret, SecretString};
use tokio::sync::{Mutex, RwLock};
use tokio::time::{sleep, Duration};
use tracing::{debug, instrument};

pub use super::routing::RatelimitingBucket;
use super::{DiscordJsonError, ErrorResponse, HttpError, LightMethod, Request, Route};
use crate::internal::prelude::*;

/// Passed to the [`Ratelimiter::set_ratelimit_callback`] callback. If using Client, that callback
/// is initialized to call the `EventHandler::ratelimit()` method.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct RatelimitInfo {
    pub timeout: std::time::Duration,
    pub limit: i64,
    pub method: LightMethod,
    pub path: String,
    pub global: bool,
}

/// Ratelimiter for requests to the Discord API.
///
/// This keeps track of ratelimit data for known routes through the [`Ratelimit`] implementation
/// for each route: how many tickets are [`remaining`] until the user needs to wait for the known
/// [`reset`] time, and the [`limit`] of requests that can be made within that time.
///
/// When no tickets are available for some time, then the thread sleeps until that time passes. The
/// mechanism is known as "pre-emptive ratelimiting".
///
/// Occasionally for very high traffic bots, a global ratelimit may be reached which blocks all
/// future requests until the global ratelimit is over, regardless of route. The value of this
/// global ratelimit is never given through the API, so it can't be pre-emptively ratelimited. This
/// only affects the largest of bots.
///
/// [`limit`]: Ratelimit::limit
/// [`remaining`]: Ratelimit::remaining
/// [`reset`]: Ratelimit::reset
pub struct Ratelimiter {
    client: Client,
    global: Arc<Mutex<()>>,
    // When futures is implemented, make tasks clear out their respective entry when the 'reset'
    // passes.
    routes: Arc<RwLock<HashMap<RatelimitingBucket, Arc<Mutex<Ratelimit>>>>>,
    token: SecretString,
    absolute_ratelimits: bool,
    ratelimit_callback: Box<dyn Fn(RatelimitInfo) + Send + Sync>,
    // isolo-bot patch: requests go through `Http`'s proxy, as unlimited ones do.
    proxy: Option<String>,
}

impl fmt::Debug for Ratelimiter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Ratelimiter")
            .field("client", &self.client)
            .field("global", &self.global)
            .field("routes", &self.routes)
            .field("token", &self.token)
            .field("absolute_ratelimits", &self.absolute_ratelimits)
            .field("ratelimit_callback", &"Fn(RatelimitInfo)")
            .field("proxy", &self.proxy)
            .finish()
    }
}

impl Ratelimiter {
    /// Creates a new ratelimiter, with a shared [`reqwest`] client and the bot's token.
    ///
    /// The bot token must be prefixed with `"Bot "`. The ratelimiter does not prefix it.
    #[must_use]
    pub fn new(client: Client, token: impl Into<String>) -> Self {
        Self::new_(client, token.into())
    }

    fn new_(client: Client, token: String) -> Self {
        Self {
            client,
            global: Arc::default(),
            routes: Arc::default(),
            token: SecretString::new(token),
            ratelimit_callback: Box::new(|_| {}),
            absolute_ratelimits: false,
            proxy: None,
        }
    }

    /// Sends every request through `proxy` (see [`HttpBuilder::proxy`]) instead of
    /// discord.com. isolo-bot patch: stock 0.12.5 always bypassed the proxy here.
    ///
    /// [`HttpBuilder::proxy`]: super::HttpBuilder::proxy
    pub fn set_proxy(&mut self, proxy: Option<String>) {
        self.proxy = proxy;
    }

    /// Sets a callback to be called when a route is rate limited.
    pub fn set_ratelimit_callback(
        &mut self,
        ratelimit_callback: Box<dyn Fn(RatelimitInfo) + Send + Sync>,
    ) {
        self.ratelimit_callback = ratelimit_callback;
    }

    // Sets whether absolute ratelimits should be used.
    pub fn set_absolute_ratelimits(&mut self, absolute_ratelimits: bool) {
        self.absolute_ratelimits = absolute_ratelimits;
    }

    /// The routes mutex is a HashMap of each [`RatelimitingBucket`] and their respective ratelimit
    /// information.
    ///
    /// See the documentation for [`Ratelimit`] for more information on how the library handles
    /// ratelimiting.
    ///
    /// # Examples
    ///
    /// View the `reset` time of the route for `ChannelsId(7)`:
    ///
    /// ```rust,no_run
    /// use serenity::http::Route;
    /// # use serenity::http::Http;
    /// # use serenity::model::prelude::*;
    ///
    /// # async fn run() -> Result<(), Box<dyn std::error::Error>> {
    /// # let http: Http = unimplemented!();
    /// let routes = http.ratelimiter.unwrap().routes();
    /// let reader = routes.read().await;
    ///
    /// let channel_id = ChannelId::new(7);
    /// let route = Route::Channel {
    ///     channel_id,
    /// };
    /// if let Some(route) = reader.get(&route.ratelimiting_bucket()) {
    ///     if let Some(reset) = route.lock().await.reset() {
    ///         println!("Reset time at: {:?}", reset);
    ///     }
    /// }
    /// # Ok(())
    /// # }
    /// ```
    #[must_use]
    pub fn routes(&self) -> Arc<RwLock<HashMap<RatelimitingBucket, Arc<Mutex<Ratelimit>>>>> {
        Arc::clone(&self.routes)
    }

    /// # Errors
    ///
    /// Only error kind that may be returned is [`Error::Http`].
    #[instrument]
    pub async fn perform(&self, req: Request<'_>) -> Result<Response> {
        // isolo-bot patch: interaction responses and followups are exempt from the global
        // limit (Discord's rate-limits docs), so they do not wait behind it.
        let interaction = is_interaction_route(&req);
        loop {
            // This will block if another thread hit the global ratelimit.
            if !interaction {
                drop(self.global.lock().await);
            }

            // Perform pre-checking here:
            // - get the route's relevant rate
            // - sleep if that route's already rate-limited until the end of the 'reset' time;
            // - get the global rate;
            // - sleep if there is 0 remaining
            // - then, perform the request
            let ratelimiting_bucket = req.route.ratelimiting_bucket();
            let bucket =
                Arc::clone(self.routes.write().await.entry(ratelimiting_bucket).or_default());

            let request =
                req.clone().build(&self.client, self.token.expose_secret(), self.proxy.as_deref())?;
            let request = request.build()?;
            // isolo-bot patch: a bucket admits its requests in the order they came (its
            // queue is a fair, first-come first-served lock, and only the request at its
            // head asks the bucket); stock 0.12.5 let every waiter race for the bucket
            // when it woke. The head waits with the bucket let go (see `Ratelimit::admit`),
            // and the request counts until its response is in, the caller gives up, or it
            // has been on its way too long to count (see `Ratelimit::counts_for`).
            let queue = Arc::clone(&bucket.lock().await.queue);
            let turn = queue.lock().await;
            let on_its_way = loop {
                let mut b = bucket.lock().await;
                match b.admit(&req, &self.ratelimit_callback) {
                    None => break InFlight::new(&b.in_flight),
                    Some(delay) => {
                        drop(b);
                        sleep(delay).await;
                    },
                }
            };
            drop(turn);
            let sent = self.client.execute(request).await;
            drop(on_its_way);
            let response = sent?;
            if ratelimiting_bucket.is_none() {
                return Ok(response);
            }

            // Update the bucket from the headers; on a 429, learn how long to wait.
            let limited = bucket
                .lock()
                .await
                .post_hook(&response, &req, &self.ratelimit_callback, self.absolute_ratelimits)
                .await?;
            if !limited {
                return Ok(response);
            }
            let global = response.headers().get("x-ratelimit-global").is_some();
            let header_wait = parse_header::<f64>(response.headers(), "retry-after")?;
            let (error, body_wait) = read_retry_after(response, req.method).await;
            // The body's figure is exact; the header is rounded up to whole seconds.
            let Some(wait) = body_wait.or(header_wait).filter(|w| w.is_finite() && *w >= 0.0)
            else {
                return Err(error);
            };
            let wait = Duration::from_secs_f64(wait);
            if interaction && !interaction_window_allows(&req, wait) {
                // Waiting would miss the interaction's deadline: retrying could only fail.
                return Err(error);
            }
            debug!(
                "Ratelimited on route {:?} for {:?} (global: {global})",
                ratelimiting_bucket, wait
            );
            (self.ratelimit_callback)(RatelimitInfo {
                timeout: wait,
                limit: if global { 50 } else { bucket.lock().await.limit() },
                method: req.method,
                path: req.route.path().to_string(),
                global,
            });
            if global {
                // Hold the global lock while waiting, so that every other request waits too.
                let _held = self.global.lock().await;
                sleep(wait).await;
            } else {
                sleep(wait).await;
            }
        }
    }
}

/// Whether `req` is an interaction response or followup: exempt from the global limit,
/// and bound to the interaction's own deadlines. isolo-bot patch.
fn is_interaction_route(req: &Request<'_>) -> bool {
    matches!(
        req.route,
        Route::InteractionResponse { .. }
            | Route::WebhookOriginalInteractionResponse { .. }
            | Route::WebhookFollowupMessage { .. }
            | Route::WebhookFollowupMessages { .. }
    )
}

/// Discord drops an interaction not answered within 3 seconds of its creation, and its
/// token lives 15 minutes: whether a retry after `wait` still lands in time. The id is a
/// snowflake, so it carries the interaction's creation time. isolo-bot patch.
fn interaction_window_allows(req: &Request<'_>, wait: Duration) -> bool {
    let (created_ms, window) = match req.route {
        Route::InteractionResponse { interaction_id, .. } => {
            (interaction_id.created_at().timestamp_millis(), Duration::from_secs(3))
        },
        _ => return wait < Duration::from_secs(15 * 60),
    };
    let now_ms = SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX));
    let elapsed = Duration::from_millis(u64::try_from(now_ms - created_ms).unwrap_or(0));
    elapsed + wait < window
}

/// A 429's body, read for its exact `retry_after` (seconds, a float), and the error to
/// return when it is not retried. Discord's body is `{"message", "retry_after", "global"}`,
/// usually without a `code`. isolo-bot patch.
async fn read_retry_after(response: Response, method: LightMethod) -> (Error, Option<f64>) {
    let status_code = response.status();
    let url = response.url().to_string();
    let bytes = response.bytes().await.unwrap_or_default();
    let body = serde_json::from_slice::<serde_json::Value>(&bytes).ok();
    let wait = body.as_ref().and_then(|v| v.get("retry_after")).and_then(serde_json::Value::as_f64);
    let error = body
        .and_then(|v| serde_json::from_value::<DiscordJsonError>(v).ok())
        .unwrap_or_else(|| DiscordJsonError {
            code: 0,
            message: String::from_utf8_lossy(&bytes).into_owned(),
            errors: vec![],
        });
    let error = Error::Http(HttpError::UnsuccessfulRequest(ErrorResponse {
        status_code,
        url,
        method: method.reqwest_method(),
        error,
    }));
    (error, wait)
}

/// A set of data containing information about the ratelimits for a particular
/// [`RatelimitingBucket`], which is stored in [`Http`].
///
/// See the [Discord docs] on ratelimits for more information.
///
/// **Note**: You should _not_ mutate any of the fields, as this can help cause 429s.
///
/// [`Http`]: super::Http
/// [Discord docs]: https://discord.com/developers/docs/topics/rate-limits
#[derive(Debug)]
pub struct Ratelimit {
    /// The total number of requests that can be made in a period of time.
    limit: i64,
    /// The number of requests remaining in the period of time.
    remaining: i64,
    /// The absolute time when the interval resets.
    reset: Option<SystemTime>,
    /// The total time when the interval resets.
    reset_after: Option<Duration>,
    /// isolo-bot patch: the longest `reset_after` seen, taken as the window's length
    /// (`reset_after` itself is what was left of the window at the last response).
    period: Option<Duration>,
    /// isolo-bot patch: requests sent whose responses are not in yet.
    in_flight: Arc<std::sync::Mutex<OnItsWay>>,
    /// isolo-bot patch: the bucket's requests wait here for their turn, first come
    /// first served (tokio's `Mutex` is fair).
    queue: Arc<Mutex<()>>,
    /// isolo-bot patch: Discord's `X-RateLimit-Reset` of the window `remaining` was
    /// read from (None while the limiter estimates a window of its own).
    window: Option<f64>,
    /// isolo-bot patch: the latest reset of a window known to be over; responses
    /// counted in it arrive late and say nothing of the current window.
    past: Option<f64>,
    /// isolo-bot patch: the window is the limiter's own estimate, not yet
    /// confirmed by a response.
    estimating: bool,
}

/// isolo-bot patch: how a response's window relates to the one the limiter counts in.
#[derive(Debug, PartialEq, Eq)]
enum Window {
    /// A window already over: its figures are stale.
    Over,
    /// The window the limiter counts in.
    Same,
    /// A later window, or the first one heard of.
    Newer,
}

/// isolo-bot patch: two `X-RateLimit-Reset`s this close (seconds) name one window;
/// Discord rounds them to the millisecond, and windows are far longer than this.
const SAME_WINDOW: f64 = 0.010;

impl Ratelimit {
    fn window_of(&self, reset: Option<f64>) -> Window {
        let Some(reset) = reset else { return Window::Newer };
        if self.past.is_some_and(|past| reset <= past + SAME_WINDOW) {
            return Window::Over;
        }
        match self.window {
            Some(w) if (reset - w).abs() <= SAME_WINDOW => Window::Same,
            Some(w) if reset < w => Window::Over,
            _ => Window::Newer,
        }
    }
}

/// isolo-bot patch: how long after a bucket's reset its new window is taken to start.
const RESET_MARGIN: Duration = Duration::from_millis(20);

/// isolo-bot patch: how often a request asks again while the limiter's own estimate
/// of a window waits for Discord's figures.
const UNCONFIRMED_POLL: Duration = Duration::from_millis(25);

/// isolo-bot patch: a bucket's requests on their way, each with when it was sent.
#[derive(Debug, Default)]
struct OnItsWay {
    next: u64,
    sent: Vec<(u64, Instant)>,
}

/// isolo-bot patch: one request on its way, listed in its bucket until dropped:
/// when its response is in, when it fails (a timeout), or when the caller stops
/// waiting for it.
struct InFlight {
    list: Arc<std::sync::Mutex<OnItsWay>>,
    id: u64,
}

impl InFlight {
    fn new(list: &Arc<std::sync::Mutex<OnItsWay>>) -> Self {
        let mut l = list.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let id = l.next;
        l.next += 1;
        l.sent.push((id, Instant::now()));
        Self {
            list: Arc::clone(list),
            id,
        }
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        let mut l = self.list.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        l.sent.retain(|(id, _)| *id != self.id);
    }
}

impl Ratelimit {
    /// isolo-bot patch: the length of a window the limiter estimates: the longest
    /// seen (Discord's window starts when its first request arrives, a little after
    /// it was sent), and a tenth more.
    fn estimate(&self) -> Duration {
        let period = self.period.unwrap_or(Duration::from_secs(1));
        period + period / 10
    }

    /// isolo-bot patch: how long a request on its way counts in its bucket: the
    /// window it may have opened, then one more for a slow response. A request that
    /// is never answered (a dropped connection, a hung proxy) then lets its bucket go
    /// one window after its own, whatever the client's timeout: stock 0.12.5 counted
    /// nothing, but this limiter's requests wait for those on their way.
    fn counts_for(&self) -> Duration {
        self.estimate() * 2
    }

    /// isolo-bot patch: the requests on their way that still count.
    fn on_its_way(&self) -> i64 {
        let within = self.counts_for();
        let l = self.in_flight.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let counted = l.sent.iter().filter(|(_, at)| at.elapsed() < within).count();
        i64::try_from(counted).unwrap_or(i64::MAX)
    }

    #[instrument(skip(ratelimit_callback))]
    pub async fn pre_hook(
        &mut self,
        req: &Request<'_>,
        ratelimit_callback: &(dyn Fn(RatelimitInfo) + Send + Sync),
    ) {
        while let Some(delay) = self.admit(req, ratelimit_callback) {
            sleep(delay).await;
        }
    }

    /// isolo-bot patch: counts `req` in and returns `None`, or returns how long to
    /// wait before asking again. The limiter waits without holding the bucket, so
    /// responses that come in meanwhile still bring Discord's figures: stock 0.12.5
    /// slept holding it, and then started a window of its own estimate that
    /// Discord's, begun when its first request arrived, could still outlast.
    pub fn admit(
        &mut self,
        req: &Request<'_>,
        ratelimit_callback: &(dyn Fn(RatelimitInfo) + Send + Sync),
    ) -> Option<Duration> {
        if self.limit() == 0 {
            return None;
        }

        let Some(reset) = self.reset else {
            // We're probably in the past.
            self.remaining = self.limit;
            return None;
        };
        // isolo-bot patch: Discord's reset is rounded to the millisecond and our clock
        // reads it late or early: a window is over a little after it says.
        let reset = reset + RESET_MARGIN;

        if let Ok(delay) = reset.duration_since(SystemTime::now()) {
            if self.remaining() != 0 {
                self.remaining -= 1;
                return None;
            }
            // isolo-bot patch: a window of our own estimate opens with one request;
            // the rest wait for its figures, not for the estimate's end.
            if self.estimating && self.on_its_way() > 0 {
                return Some(UNCONFIRMED_POLL.min(delay));
            }
            debug!(
                "Pre-emptive ratelimit on route {:?} for {}ms",
                req.route.ratelimiting_bucket(),
                delay.as_millis(),
            );
            ratelimit_callback(RatelimitInfo {
                timeout: delay,
                limit: self.limit,
                method: req.method,
                path: req.route.path().to_string(),
                global: false,
            });
            return Some(delay);
        }

        // isolo-bot patch: the window is over, so a new one starts with this request,
        // as long as the longest seen, and only this request goes until a response
        // brings Discord's own figures. Stock 0.12.5 let every request through once the
        // reset had passed, so requests queued behind a reset all went out at once.
        // Requests still on their way may land in the new window too.
        if self.estimating && self.on_its_way() > 0 {
            // The last estimate is not confirmed yet, and its requests are still on
            // their way: Discord's window may have begun later. Wait for its figures,
            // but no longer than `counts_for` after the request was sent.
            return Some(UNCONFIRMED_POLL);
        }
        self.estimating = true;
        if let Some(over) = self.window.take() {
            self.past = Some(self.past.map_or(over, |p| p.max(over)));
        }
        // isolo-bot patch: only this request goes before Discord's figures come in.
        // Counting the whole limit down against the estimate let a queue of
        // requests out at once into a window Discord had not yet reset.
        self.remaining = 0;
        // Discord's window starts when this request arrives, a little later than now:
        // a tenth of the window to spare keeps the next one from starting early.
        self.reset = Some(SystemTime::now() + self.estimate());
        None
    }

    /// # Errors
    ///
    /// Errors if parsing headers from the response fails.
    #[instrument(skip(ratelimit_callback))]
    pub async fn post_hook(
        &mut self,
        response: &Response,
        req: &Request<'_>,
        ratelimit_callback: &(dyn Fn(RatelimitInfo) + Send + Sync),
        absolute_ratelimits: bool,
    ) -> Result<bool> {
        if let Some(limit) = parse_header(response.headers(), "x-ratelimit-limit")? {
            self.limit = limit;
        }

        // isolo-bot patch: responses come back in any order. One counted in a window
        // that is over is stale, and within one window the lowest count is the truth:
        // stock 0.12.5 took whichever came last, and then sent more than was left.
        let window_reset = parse_header::<f64>(response.headers(), "x-ratelimit-reset")?;
        let window = self.window_of(window_reset);
        if window == Window::Over {
            return Ok(response.status() == StatusCode::TOO_MANY_REQUESTS);
        }
        if let Some(remaining) = parse_header::<i64>(response.headers(), "x-ratelimit-remaining")? {
            // isolo-bot patch: a response's count may predate requests still on their
            // way, which stock 0.12.5 then sent again: they are not counted twice.
            let remaining = (remaining - self.on_its_way()).max(0);
            self.remaining = match window {
                Window::Same => self.remaining.min(remaining),
                _ => remaining,
            };
        }
        // A 429's reset is when to retry, not its window's end: it names no window.
        if window_reset.is_some() && response.status() != StatusCode::TOO_MANY_REQUESTS {
            self.window = window_reset;
            self.estimating = false;
        }

        if absolute_ratelimits {
            if let Some(reset) = window_reset {
                self.reset = Some(std::time::UNIX_EPOCH + Duration::from_secs_f64(reset));
            }
        }

        if let Some(reset_after) =
            parse_header::<f64>(response.headers(), "x-ratelimit-reset-after")?
        {
            if !absolute_ratelimits {
                self.reset = Some(SystemTime::now() + Duration::from_secs_f64(reset_after));
            }

            self.reset_after = Some(Duration::from_secs_f64(reset_after));
            self.period = self.reset_after.max(self.period);
        }

        // isolo-bot patch: the caller reads the 429's body for the exact wait, then waits
        // (holding the global lock for a global limit); stock 0.12.5 waited here.
        let _ = (req, ratelimit_callback);
        Ok(response.status() == StatusCode::TOO_MANY_REQUESTS)
    }

    /// The total number of requests that can be made in a period of time.
    #[inline]
    #[must_use]
    pub const fn limit(&self) -> i64 {
        self.limit
    }

    /// The number of requests remaining in the period of time.
    #[inline]
    #[must_use]
    pub const fn remaining(&self) -> i64 {
        self.remaining
    }

    /// The absolute time in milliseconds when the interval resets.
    #[inline]
    #[must_use]
    pub const fn reset(&self) -> Option<SystemTime> {
        self.reset
    }

    /// The total time in milliseconds when the interval resets.
    #[inline]
    #[must_use]
    pub const fn reset_after(&self) -> Option<Duration> {
        self.reset_after
    }
}

impl Default for Ratelimit {
    fn default() -> Self {
        Self {
            limit: i64::MAX,
            remaining: i64::MAX,
            reset: None,
            reset_after: None,
            period: None,
            in_flight: Arc::default(),
            queue: Arc::default(),
            window: None,
            past: None,
            estimating: false,
        }
    }
}

fn parse_header<T: FromStr>(headers: &HeaderMap, header: &str) -> Result<Option<T>> {
    let Some(header) = headers.get(header) else { return Ok(None) };

    let unicode =
        str::from_utf8(header.as_bytes()).map_err(|_| Error::from(HttpError::RateLimitUtf8))?;

    let num = unicode.parse().map_err(|_| Error::from(HttpError::RateLimitI64F64))?;

    Ok(Some(num))
}

#[cfg(test)]
mod tests {
    use std::error::Error as StdError;
    use std::result::Result as StdResult;

    use reqwest::header::{HeaderMap, HeaderName, HeaderValue};

    use super::parse_header;
    use crate::error::Error;
    use crate::http::HttpError;

    type Result<T> = StdResult<T, Box<dyn StdError>>;

    fn headers() -> HeaderMap {
        let pairs = &[
            (HeaderName::from_static("x-ratelimit-limit"), HeaderValue::from_static("5")),
            (HeaderName::from_static("x-ratelimit-remaining"), HeaderValue::from_static("4")),
            (
                HeaderName::from_static("x-ratelimit-reset"),
                HeaderValue::from_static("1560704880.423"),
            ),
            (HeaderName::from_static("x-bad-num"), HeaderValue::from_static("abc")),
            (
                HeaderName::from_static("x-bad-unicode"),
                HeaderValue::from_bytes(&[255, 255, 255, 255]).unwrap(),
            ),
        ];

        let mut map = HeaderMap::with_capacity(pairs.len());

        for (name, val) in pairs {
            map.insert(name, val.clone());
        }

        map
    }

    #[test]
    #[allow(clippy::float_cmp)]
    fn test_parse_header_good() -> Result<()> {
        let headers = headers();

        assert_eq!(parse_header::<i64>(&headers, "x-ratelimit-limit")?.unwrap(), 5);
        assert_eq!(parse_header::<i64>(&headers, "x-ratelimit-remaining")?.unwrap(), 4,);
        assert_eq!(parse_header::<f64>(&headers, "x-ratelimit-reset")?.unwrap(), 1_560_704_880.423);

        Ok(())
    }

    #[test]
    fn test_parse_header_errors() {
        let headers = headers();

        assert!(matches!(
            parse_header::<i64>(&headers, "x-bad-num").unwrap_err(),
            Error::Http(HttpError::RateLimitI64F64)
        ));
        assert!(matches!(
            parse_header::<i64>(&headers, "x-bad-unicode").unwrap_err(),
            Error::Http(HttpError::RateLimitUtf8)
        ));
    }
}
