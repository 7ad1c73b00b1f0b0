//! `isolo-bot healthcheck`: asks the running bot's `/healthz` on `[metrics]
//! listen` from the same config, for container health checks (the image
//! has no curl). Exit 0: healthy; 1: unhealthy, no answer, or no listener
//! configured (Docker reserves 2 and reads anything else as unhealthy).

use std::process::ExitCode;
use std::time::Duration;

use clap::Args;

/// Options of `healthcheck`.
#[derive(Args, Debug)]
pub struct HealthcheckArgs {
    #[command(flatten)]
    config: super::ConfigArg,
    /// Seconds to wait for the connection and for the answer.
    #[arg(long, default_value_t = 5)]
    timeout_secs: u64,
}

/// Prints the answer and exits 0 only for a 200 from `/healthz`.
pub fn run(args: &HealthcheckArgs) -> anyhow::Result<ExitCode> {
    let config = match args.config.load() {
        Ok(config) => config,
        Err(e) => {
            eprintln!("unhealthy: {e:#}");
            return Ok(ExitCode::FAILURE);
        }
    };
    let Some(listen) = config.metrics.listen else {
        eprintln!("unhealthy: [metrics] listen is not set, so there is no /healthz to ask");
        return Ok(ExitCode::FAILURE);
    };
    let timeout = Duration::from_secs(args.timeout_secs.max(1));
    match isolo_bot::metrics::probe(listen, timeout) {
        Ok((200, body)) => {
            println!("{body}");
            Ok(ExitCode::SUCCESS)
        }
        Ok((status, body)) => {
            eprintln!("unhealthy: /healthz answered {status}: {body}");
            Ok(ExitCode::FAILURE)
        }
        Err(e) => {
            eprintln!("unhealthy: no answer from /healthz on {listen}: {e}");
            Ok(ExitCode::FAILURE)
        }
    }
}
