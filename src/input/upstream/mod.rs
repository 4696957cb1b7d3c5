//! nginx `upstream` blocks read into weights and a scenario (written by
//! [`render_upstream`](crate::render::render_upstream)).
//!
//! Reading follows nginx's own syntax (`ngx_conf_file.c`): tokens separated by white space, `;`
//! ending a directive, `{ … }` blocks, `#` comments to the end of the line, `"…"` and `'…'`
//! quoting with `\` escapes. The text may be a whole `nginx.conf` (its one `upstream` block, or
//! the one chosen by name with [`parse_named_upstream`](read::parse_named_upstream)), the block
//! alone, or only its `server` lines. What is done with each part:
//!
//! | in the block | becomes |
//! |---|---|
//! | `server ADDRESS` | a node named after the address (or after a `# node NAME` comment on its line) |
//! | `weight=N` | its weight; no `weight=` means 1, as in nginx; `weight=0` is refused, as nginx does |
//! | `down` | the event `@1 NAME down`: never picked, as nginx skips it (the weight is kept) |
//! | `backup` | the event `@1 NAME backup`: picked only when no primary server can be |
//! | `max_fails=N`, `fail_timeout=T` | the event `@1 NAME max_fails=N timeout=SECONDS` (`T` read as nginx reads it, in seconds) |
//! | a host name (`localhost:8080`, `app.example.com`) | one node, with a note: nginx makes one server per address it resolves to |
//! | a parameter given twice | its last value, as nginx takes it, with a note |
//! | `max_conns=` | checked, noted, ignored |
//! | `slow_start=`, `drain`, `resolve`, `route=`, `service=` | checked, ignored, noted as NGINX Plus's (open-source nginx refuses them; `slow_start` and `drain` change its picks) |
//! | `least_conn`, `ip_hash`, `hash`, `random`, … | noted: that upstream does not balance by weighted round-robin |
//! | `zone` | noted: with several workers it makes them share one state (`--workers N --zone`) |
//! | `keepalive`, … | noted and ignored: they do not change which server is picked |
//! | around the block: `worker_processes`, `proxy_next_upstream[_tries]` (and `grpc_`, …) | noted: how to run as that nginx does (`--workers N`, `--tries N`; 403 and 404 passed on as `dead max_fails=0`), location by location where the locations sending to the upstream differ (see [`retries`]) |
//! | around the block, what nginx refuses (`worker_processes lots`, a duplicate) or runs no worker with (`worker_processes 0`) | noted and ignored |
//!
//! Anything else (an unknown directive or parameter, a missing `;`, an unclosed `{`), and what
//! nginx refuses (an address with a scheme or path, a port out of 1–65535, `backup` after `hash`,
//! `ip_hash` or `random`, a directive with the wrong number of values), is refused with the line,
//! the column and the token; so is `include` (not followed). No input makes this module panic.
//!
//! The events are the [`Upstream::scenario`] (see [`scenario`]).
//!
//! ```
//! use swrr_viz::input::{parse_upstream, Scenario, Weights};
//! use swrr_viz::render::render_upstream;
//! let weights: Weights = "5,3,2".parse().unwrap();
//! let text = render_upstream(&weights, &Scenario::none()).unwrap();
//! assert!(text.contains("server 127.0.0.1:8001 weight=5;  # node A"));
//! let back = parse_upstream(&text).unwrap();
//! assert_eq!(back.weights, weights);
//!
//! let conf = "upstream app {\n  server 10.0.0.1:80 weight=5 max_fails=3;\n  server 10.0.0.2:80;\n}";
//! let upstream = parse_upstream(conf).unwrap();
//! assert_eq!(upstream.weights.canonical_text(), "10.0.0.1:80=5 10.0.0.2:80=1");
//! assert_eq!(upstream.scenario.to_string(), "@1 10.0.0.1:80 max_fails=3");
//! ```

pub(crate) mod block;
mod body;
mod context;
pub(crate) mod error;
pub(crate) mod note;
pub(crate) mod read;
mod retries;
pub(crate) mod scenario;
mod server;
pub(crate) mod syntax;
