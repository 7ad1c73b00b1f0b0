//! A real headless Chromium (Debian's `chromium`) driven over the DevTools
//! protocol: pages in separate browser contexts (each its own cookies, as
//! separate people), script evaluation, taps, clicks and keys, the language
//! asked for, the console's errors, screenshots, and requests answered by
//! the test (the Activity's parent frame is served on the page's own origin
//! that way).

use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::sync::{broadcast, mpsc, oneshot};
use tokio_tungstenite::tungstenite::Message;

/// Why the browser tests are ignored where Chromium is missing (`cfg(isolo_chromium)`).
pub const CHROMIUM_MISSING: &str =
    "needs Chromium: install Debian's chromium (.ci/run does), or set ISOLO_TEST_CHROMIUM to a Chromium binary";

/// The Chromium binary: `ISOLO_TEST_CHROMIUM`, else `chromium` on the PATH.
pub fn chromium() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("ISOLO_TEST_CHROMIUM") {
        return Some(PathBuf::from(p));
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|d| ["chromium", "chromium-browser"].map(|n| d.join(n)))
        .find(|p| p.is_file())
}

/// How long one DevTools call may take.
const CALL: Duration = Duration::from_secs(20);

type Pending = Arc<Mutex<HashMap<u64, oneshot::Sender<Result<Value, String>>>>>;

/// A running Chromium.
pub struct Browser {
    child: Child,
    _profile: tempfile::TempDir,
    out: mpsc::UnboundedSender<String>,
    next: AtomicU64,
    pending: Pending,
    events: broadcast::Sender<Value>,
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Browser {
    /// Starts headless Chromium on a free DevTools port of 127.0.0.1.
    pub async fn launch() -> Arc<Browser> {
        let bin = chromium().expect(CHROMIUM_MISSING);
        let profile = tempfile::tempdir().expect("a profile folder");
        let mut child = Command::new(&bin)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-extensions",
                "--remote-debugging-address=127.0.0.1",
                "--remote-debugging-port=0",
            ])
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .arg("about:blank")
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {}: {e}", bin.display()));
        let stderr = child.stderr.take().expect("stderr");
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut sent = false;
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if let (false, Some(at)) = (sent, line.find("ws://")) {
                    let _ = tx.send(line[at..].trim().to_owned());
                    sent = true;
                }
            }
        });
        let url = tokio::task::spawn_blocking(move || rx.recv_timeout(Duration::from_secs(30)))
            .await
            .expect("the waiting thread")
            .expect("Chromium says where DevTools listens");
        let (socket, _) = tokio_tungstenite::connect_async(&url)
            .await
            .expect("DevTools connects");
        let (mut write, mut read) = socket.split();
        let (out, mut outgoing) = mpsc::unbounded_channel::<String>();
        tokio::spawn(async move {
            while let Some(m) = outgoing.recv().await {
                if write.send(Message::Text(m)).await.is_err() {
                    return;
                }
            }
        });
        let pending: Pending = Arc::default();
        let events = broadcast::channel(4096).0;
        let (p, ev) = (pending.clone(), events.clone());
        tokio::spawn(async move {
            while let Some(Ok(m)) = read.next().await {
                let Message::Text(text) = m else { continue };
                let Ok(v) = serde_json::from_str::<Value>(&text) else {
                    continue;
                };
                match v.get("id").and_then(Value::as_u64) {
                    Some(id) => {
                        if let Some(tx) = p.lock().unwrap().remove(&id) {
                            let r = match v.get("error") {
                                Some(e) => Err(e.to_string()),
                                None => Ok(v["result"].clone()),
                            };
                            let _ = tx.send(r);
                        }
                    }
                    None => {
                        let _ = ev.send(v);
                    }
                }
            }
        });
        Arc::new(Browser {
            child,
            _profile: profile,
            out,
            next: AtomicU64::new(1),
            pending,
            events,
        })
    }

    /// Calls `method` (on a page's `session`, or the browser).
    pub async fn call(&self, session: Option<&str>, method: &str, params: Value) -> Result<Value, String> {
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let (tx, rx) = oneshot::channel();
        self.pending.lock().unwrap().insert(id, tx);
        let mut msg = json!({ "id": id, "method": method, "params": params });
        if let Some(s) = session {
            msg["sessionId"] = json!(s);
        }
        self.out
            .send(msg.to_string())
            .map_err(|_| "DevTools is gone".to_string())?;
        match tokio::time::timeout(CALL, rx).await {
            Ok(Ok(r)) => r,
            Ok(Err(_)) => Err("DevTools is gone".into()),
            Err(_) => Err(format!("{method} took more than {CALL:?}")),
        }
    }

    /// A new page in its own browser context (its own cookies): one person.
    pub async fn page(self: &Arc<Self>, width: u32, height: u32, mobile: bool) -> Page {
        let context = self
            .call(
                None,
                "Target.createBrowserContext",
                json!({ "disposeOnDetach": true }),
            )
            .await
            .expect("a browser context")["browserContextId"]
            .clone();
        let target = self
            .call(
                None,
                "Target.createTarget",
                json!({ "url": "about:blank", "browserContextId": context }),
            )
            .await
            .expect("a page")["targetId"]
            .as_str()
            .expect("a target id")
            .to_owned();
        let session = self
            .call(
                None,
                "Target.attachToTarget",
                json!({ "targetId": target, "flatten": true }),
            )
            .await
            .expect("attached")["sessionId"]
            .as_str()
            .expect("a session id")
            .to_owned();
        let page = Page {
            browser: self.clone(),
            session,
        };
        page.call("Page.enable", json!({})).await.expect("Page.enable");
        page.call("Runtime.enable", json!({}))
            .await
            .expect("Runtime.enable");
        page.call(
            "Emulation.setDeviceMetricsOverride",
            json!({ "width": width, "height": height, "deviceScaleFactor": if mobile { 3 } else { 1 }, "mobile": mobile }),
        )
        .await
        .expect("the viewport");
        if mobile {
            page.call(
                "Emulation.setTouchEmulationEnabled",
                json!({ "enabled": true, "maxTouchPoints": 5 }),
            )
            .await
            .expect("touch");
        }
        page
    }
}

/// One tab, attached.
pub struct Page {
    browser: Arc<Browser>,
    session: String,
}

impl Page {
    /// Calls `method` on this page.
    pub async fn call(&self, method: &str, params: Value) -> Result<Value, String> {
        self.browser.call(Some(&self.session), method, params).await
    }

    /// Opens `url` and waits until it has loaded.
    pub async fn goto(&self, url: &str) {
        self.call("Page.navigate", json!({ "url": url }))
            .await
            .expect("navigates");
        self.wait_for("document.readyState === 'complete'", Duration::from_secs(20))
            .await
            .unwrap_or_else(|e| panic!("{url} does not load: {e}"));
    }

    /// The value of `expression` (promises awaited).
    pub async fn eval(&self, expression: &str) -> Result<Value, String> {
        let r = self
            .call(
                "Runtime.evaluate",
                json!({ "expression": expression, "returnByValue": true, "awaitPromise": true }),
            )
            .await?;
        if let Some(e) = r.get("exceptionDetails") {
            return Err(e.to_string());
        }
        Ok(r["result"]["value"].clone())
    }

    /// Waits until `condition` is true, checking every 50 ms.
    pub async fn wait_for(&self, condition: &str, timeout: Duration) -> Result<(), String> {
        let start = std::time::Instant::now();
        let mut last = Value::Null;
        while start.elapsed() < timeout {
            match self.eval(&format!("!!({condition})")).await {
                Ok(Value::Bool(true)) => return Ok(()),
                Ok(v) => last = v,
                Err(e) => last = Value::String(e),
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        Err(format!(
            "{condition} is still not true after {timeout:?} (last: {last})"
        ))
    }

    /// The text of the element `selector`.
    pub async fn text(&self, selector: &str) -> String {
        let js = format!(
            "(document.querySelector({s}) || {{}}).textContent || ''",
            s = json!(selector)
        );
        self.eval(&js)
            .await
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default()
    }

    /// The centre of `selector` on the page, in CSS pixels.
    async fn centre(&self, selector: &str) -> (f64, f64) {
        let js = format!(
            "(() => {{ const r = document.querySelector({s}).getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }})()",
            s = json!(selector)
        );
        let v = self.eval(&js).await.unwrap_or_else(|e| panic!("{selector}: {e}"));
        (v[0].as_f64().expect("x"), v[1].as_f64().expect("y"))
    }

    /// Clicks `selector` with the mouse.
    pub async fn click(&self, selector: &str) {
        let (x, y) = self.centre(selector).await;
        for kind in ["mousePressed", "mouseReleased"] {
            self.call(
                "Input.dispatchMouseEvent",
                json!({ "type": kind, "x": x, "y": y, "button": "left", "clickCount": 1 }),
            )
            .await
            .expect("a click");
        }
    }

    /// Taps `selector` with a finger.
    pub async fn tap(&self, selector: &str) {
        let (x, y) = self.centre(selector).await;
        self.call(
            "Input.dispatchTouchEvent",
            json!({ "type": "touchStart", "touchPoints": [{ "x": x, "y": y }] }),
        )
        .await
        .expect("touch start");
        self.call(
            "Input.dispatchTouchEvent",
            json!({ "type": "touchEnd", "touchPoints": [] }),
        )
        .await
        .expect("touch end");
    }

    /// Presses `key` (a DevTools key name: `Enter`, `ArrowLeft`...) on the
    /// focused element, as a keyboard does.
    pub async fn press(&self, key: &str) {
        let code = match key {
            "Enter" => 13,
            " " => 32,
            "ArrowLeft" => 37,
            "ArrowUp" => 38,
            "ArrowRight" => 39,
            "ArrowDown" => 40,
            _ => 0,
        };
        for kind in ["rawKeyDown", "keyUp"] {
            self.call(
                "Input.dispatchKeyEvent",
                json!({ "type": kind, "key": key, "code": if key == " " { "Space" } else { key }, "windowsVirtualKeyCode": code }),
            )
            .await
            .expect("a key");
        }
    }

    /// Asks for pages in `languages` (an `Accept-Language` value) from now on.
    pub async fn language(&self, languages: &str) {
        let agent = self.eval("navigator.userAgent").await.expect("the user agent");
        self.call(
            "Emulation.setUserAgentOverride",
            json!({ "userAgent": agent, "acceptLanguage": languages }),
        )
        .await
        .expect("the language");
    }

    /// Records, from now on, what the page's console shows as an error: a
    /// failed request, an uncaught exception, `console.error`.
    pub async fn console_errors(&self) -> Arc<Mutex<Vec<String>>> {
        let errors: Arc<Mutex<Vec<String>>> = Arc::default();
        let mut rx = self.browser.events.subscribe();
        let (session, seen) = (self.session.clone(), errors.clone());
        tokio::spawn(async move {
            loop {
                let v = match rx.recv().await {
                    Ok(v) => v,
                    Err(broadcast::error::RecvError::Lagged(_)) => continue,
                    Err(_) => return,
                };
                if v["sessionId"] != json!(session) {
                    continue;
                }
                let p = &v["params"];
                let error = match v["method"].as_str() {
                    Some("Log.entryAdded") if p["entry"]["level"] == "error" => {
                        format!("{} {}", p["entry"]["text"], p["entry"]["url"])
                    }
                    Some("Runtime.exceptionThrown") => p["exceptionDetails"].to_string(),
                    Some("Runtime.consoleAPICalled") if p["type"] == "error" => p["args"].to_string(),
                    _ => continue,
                };
                seen.lock().unwrap().push(error);
            }
        });
        self.call("Log.enable", json!({})).await.expect("Log.enable");
        errors
    }

    /// A PNG of the page as shown.
    pub async fn screenshot(&self) -> Vec<u8> {
        let v = self
            .call("Page.captureScreenshot", json!({ "format": "png" }))
            .await
            .expect("a screenshot");
        base64::Engine::decode(
            &base64::engine::general_purpose::STANDARD,
            v["data"].as_str().expect("data"),
        )
        .expect("base64")
    }

    /// Answers every request for `url` with `body` (HTML), from now on,
    /// as if the server had (the browser cannot tell).
    pub async fn serve(&self, url: &str, body: String) {
        self.call(
            "Fetch.enable",
            json!({ "patterns": [{ "urlPattern": url, "requestStage": "Request" }] }),
        )
        .await
        .expect("Fetch.enable");
        let mut rx = self.browser.events.subscribe();
        let browser = self.browser.clone();
        let session = self.session.clone();
        tokio::spawn(async move {
            while let Ok(v) = rx.recv().await {
                if v["method"] != "Fetch.requestPaused" || v["sessionId"] != json!(session) {
                    continue;
                }
                let id = v["params"]["requestId"].clone();
                let encoded =
                    base64::Engine::encode(&base64::engine::general_purpose::STANDARD, body.as_bytes());
                let _ = browser
                    .call(
                        Some(&session),
                        "Fetch.fulfillRequest",
                        json!({
                            "requestId": id,
                            "responseCode": 200,
                            "responseHeaders": [{ "name": "Content-Type", "value": "text/html; charset=utf-8" }],
                            "body": encoded,
                        }),
                    )
                    .await;
            }
        });
    }
}
