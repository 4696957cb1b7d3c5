#!/usr/bin/env bash
# Records which servers a real nginx (Debian's, run as an ordinary process) sends requests to,
# attempt by attempt, with dead servers, retries and backup servers: the oracle the engine is
# tested against (tests/engine/nginx_recorded.rs). Prints JSON on stdout.
#
#   scripts/record-nginx.sh CASE...                one recording per CASE (syntax below)
#   scripts/record-nginx.sh --random COUNT [--seed N] [--requests MIN-MAX]
#                                                  COUNT random cases (bash's $RANDOM, seeded)
#   scripts/record-nginx.sh --workers N [--zone] [--requests M] [--weights 5,3,2]
#                                                  N worker processes: which worker served each
#                                                  request and where it went (not replayable
#                                                  pick for pick: the kernel spreads connections)
#
# CASE is a list of key=value words:
#   servers=A:5:3:3600,B:3,C:2:1:10:backup   name:weight[:max_fails[:fail_timeout[:backup|:down|:404]]]
#                                            (nginx's defaults: max_fails=1, fail_timeout=10s;
#                                            404: the server answers every request 404)
#   events=@1:C:dead,@12:C:alive,@20:A=4:reset
#                                            before request k, a server stops answering (its
#                                            port closes) or answers again, or its weight is
#                                            edited in the balancer's config and nginx reloads
#   requests=30 rate=10 name=TEXT            requests sent, requests per second (0: as fast as
#                                            they go, seconds unchecked), a label
#   tries=2 next_upstream=off                the location's proxy_next_upstream_tries (0, the
#                                            default: no limit) and proxy_next_upstream (error,
#                                            the default; off: no retry; error,http_404: a list)
#
# How: a temporary folder holds one nginx.conf per process and their logs. Every live server is
# its own nginx (`return 200`) on a loopback port; a dead server is a closed port (its nginx
# stopped): nginx's connect() is refused, proxy_next_upstream (`error`, the default) retries.
# The balancer is one more nginx, `worker_processes 1`, `daemon on`, logging `$upstream_addr`
# (every attempt of the request, `, `-separated; the upstream's name when no server was left)
# and `$status` per request. Request k is sent inside second ⌊(k−1)/rate⌋ of the run (nginx
# counts fail_timeout in whole seconds), and the log's `$msec` confirms it; a case whose
# requests slipped into another second is recorded again. Every nginx is stopped by its pid.
set -euo pipefail

# NGINX_BIN picks the binary. (Not NGINX: nginx itself reads that variable, for sockets
# inherited across a binary upgrade, and then does not daemonize.)
unset NGINX
NGINX_BIN="$(command -v "${NGINX_BIN:-nginx}" || command -v /usr/sbin/nginx || true)"
if [[ -z "$NGINX_BIN" ]]; then
  echo "record-nginx: nginx not found (scripts/setup.sh nginx installs Debian's)" >&2
  exit 3
fi

WORK="$(mktemp -d "${TMPDIR:-/tmp}/record-nginx.XXXXXX")"
chmod 755 "$WORK"
declare -A PIDFILE=() # process label -> pid file
declare -A USED_PORTS=()

running() { # pid
  local state
  state="$(awk '/^State:/ { print $2 }' "/proc/$1/status" 2>/dev/null)" || return 1
  [[ -n "$state" && "$state" != Z ]]
}

stop_nginx() { # label
  local file="${PIDFILE[$1]:-}" pid
  [[ -n "$file" && -s "$file" ]] || return 0
  pid="$(cat "$file")"
  kill -TERM "$pid" 2>/dev/null || true
  # Gone, or a zombie waiting for whoever adopted the daemon to reap it.
  for _ in $(seq 500); do
    running "$pid" || break
    sleep 0.01
  done
  rm -f "$file"
  unset "PIDFILE[$1]"
}

cleanup() {
  local label
  for label in "${!PIDFILE[@]}"; do
    stop_nginx "$label"
  done
  rm -rf "$WORK"
}
trap cleanup EXIT

# A loopback port nothing listens on, below Linux's ephemeral range, not handed out before.
free_port() {
  local port listening
  listening="$(ss -Htanl 2>/dev/null | awk '{ n = split($4, a, ":"); print a[n] }')"
  while :; do
    port=$((20000 + RANDOM % 12000))
    [[ -z "${USED_PORTS[$port]:-}" ]] || continue
    grep -qx "$port" <<<"$listening" && continue
    USED_PORTS[$port]=1
    echo "$port"
    return
  done
}

common_conf() { # label
  cat <<EOF
daemon on;
pid $WORK/$1.pid;
error_log $WORK/$1.error.log warn;
events { worker_connections 256; }
EOF
}

http_paths() { # label
  cat <<EOF
    client_body_temp_path $WORK/$1.tmp/body;
    proxy_temp_path $WORK/$1.tmp/proxy;
    fastcgi_temp_path $WORK/$1.tmp/fastcgi;
    uwsgi_temp_path $WORK/$1.tmp/uwsgi;
    scgi_temp_path $WORK/$1.tmp/scgi;
EOF
}

start_nginx() { # label conf-file port
  local label="$1" conf="$2" port="$3"
  mkdir -p "$WORK/$label.tmp"
  if ! timeout 10 "$NGINX_BIN" -p "$WORK" -e "$WORK/$label.error.log" -c "$conf" 2>"$WORK/$label.start.log"; then
    echo "record-nginx: nginx $label did not start:" >&2
    cat "$WORK/$label.start.log" "$WORK/$label.error.log" >&2 2>/dev/null || true
    return 1
  fi
  PIDFILE[$label]="$WORK/$label.pid"
  for _ in $(seq 300); do
    if [[ -s "$WORK/$label.pid" ]] && curl -s -o /dev/null --max-time 1 "http://127.0.0.1:$port/"; then
      return 0
    fi
    sleep 0.01
  done
  echo "record-nginx: nginx $label does not answer on port $port" >&2
  return 1
}

start_backend() { # name port (answer_of: record_case's servers that answer 404)
  local conf="$WORK/backend-$1.conf"
  {
    common_conf "backend-$1"
    echo "http {"
    http_paths "backend-$1"
    echo "    access_log off;"
    echo "    server { listen 127.0.0.1:$2; location / { return ${answer_of[$1]:-200} \"$1\\n\"; } }"
    echo "}"
  } >"$conf"
  start_nginx "backend-$1" "$conf" "$2"
}

now_ns() { date +%s%N; }

# Sleeps until `offset_ms` milliseconds into unix second `second`.
sleep_until() { # second offset_ms
  local target=$(($1 * 1000000000 + $2 * 1000000)) now
  now="$(now_ns)"
  if ((target > now)); then
    sleep "$(printf '%d.%09d' $(((target - now) / 1000000000)) $(((target - now) % 1000000000)))"
  fi
}

# One case: prints its JSON object, or returns 1 when a request slipped into another second.
record_case() { # name servers events requests rate workers zone tries next_upstream
  local name="$1" servers="$2" events="$3" requests="$4" rate="$5" workers="${6:-1}" zone="${7:-}"
  local tries="${8:-0}" next_upstream="${9:-error}"
  local -a names=() weights=() maxfails=() timeouts=() flags=()
  local -A port_of=() name_of=() dead_at=() alive_at=() reload_at=() answer_of=()
  local spec i n
  IFS=, read -ra specs <<<"$servers"
  for spec in "${specs[@]}"; do
    IFS=: read -r s_name s_weight s_maxfails s_timeout s_flag <<<"$spec"
    names+=("$s_name")
    weights+=("${s_weight:-1}")
    maxfails+=("${s_maxfails:-1}")
    timeouts+=("${s_timeout:-10}")
    flags+=("${s_flag:-}")
    [[ "$s_flag" == 404 ]] && answer_of[$s_name]=404
  done
  n=${#names[@]}
  local event
  if [[ -n "$events" ]]; then
    IFS=, read -ra evs <<<"$events"
    for event in "${evs[@]}"; do
      IFS=: read -r e_step e_name e_what <<<"$event"
      e_step="${e_step#@}"
      case "$e_what" in
        dead) dead_at[$e_step]+="$e_name " ;;
        alive) alive_at[$e_step]+="$e_name " ;;
        reset) reload_at[$e_step]+="$e_name " ;;
        *) echo "record-nginx: unknown event '$event' (expected @K:NAME:dead, @K:NAME:alive or @K:NAME=W:reset)" >&2; return 2 ;;
      esac
    done
  fi
  for ((i = 0; i < n; i++)); do
    port_of[${names[i]}]="$(free_port)"
    name_of[${port_of[${names[i]}]}]="${names[i]}"
  done
  # Servers dead from the first request never start.
  for ((i = 0; i < n; i++)); do
    [[ " ${dead_at[1]:-}" == *" ${names[i]} "* ]] || start_backend "${names[i]}" "${port_of[${names[i]}]}"
  done

  local front_port front="$WORK/front.conf" listen_opts=""
  local -a initial_weights=("${weights[@]}")
  front_port="$(free_port)"
  ((workers > 1)) && listen_opts=" reuseport"
  write_front() { # the balancer's config, with the weights as they are now
    {
      echo "worker_processes $workers;"
      common_conf front
      echo "http {"
      http_paths front
      echo "    log_format record '\$msec \$pid \$status \"\$upstream_addr\"';"
      echo "    upstream backend {"
      [[ -n "$zone" ]] && echo "        zone backend 64k;"
      for ((i = 0; i < n; i++)); do
        echo "        server 127.0.0.1:${port_of[${names[i]}]} weight=${weights[i]} max_fails=${maxfails[i]} fail_timeout=${timeouts[i]}s${flags[i]:+ ${flags[i]//404/}};"
      done
      echo "    }"
      echo "    server {"
      echo "        listen 127.0.0.1:$front_port$listen_opts;"
      echo "        access_log $WORK/front.access.log record;"
      echo "        location / { proxy_pass http://backend; proxy_next_upstream ${next_upstream//,/ }; proxy_next_upstream_tries $tries; }"
      echo "    }"
      echo "}"
    } >"$front"
  }
  write_front
  rm -f "$WORK/front.access.log"
  # The readiness probe of start_nginx goes through the balancer too: start it with every
  # server answering, then restart nothing: instead probe the front port only by TCP.
  mkdir -p "$WORK/front.tmp"
  timeout 10 "$NGINX_BIN" -p "$WORK" -e "$WORK/front.error.log" -c "$front" 2>"$WORK/front.start.log" || {
    echo "record-nginx: the balancer did not start:" >&2
    cat "$WORK/front.start.log" "$WORK/front.error.log" >&2 2>/dev/null || true
    return 1
  }
  PIDFILE[front]="$WORK/front.pid"
  for _ in $(seq 300); do
    [[ -s "$WORK/front.pid" ]] && ss -Htanl | awk '{print $4}' | grep -qx "127.0.0.1:$front_port" && break
    sleep 0.01
  done

  # Requests go out in batches, one curl per batch over one connection to the balancer (its
  # upstream connections are new for every request all the same): a batch is the requests of
  # one second up to the next event.
  local start second k batch_second=-1
  local -a batch=()
  send_batch() {
    ((${#batch[@]} > 0)) || return 0
    ((rate > 0)) && sleep_until "$batch_second" 100
    # A new connection per request: with several workers the kernel spreads connections (listen
    # ... reuseport), not the requests of one connection.
    curl -s --max-time 30 -H "Connection: close" "${batch[@]}" >/dev/null || true
    batch=()
  }
  # `nginx -s reload` with the new weights: the requests after it wait for the old worker to go.
  reload_front() { # NAME=W...
    local edit master old pid left
    for edit in $1; do
      for ((i = 0; i < n; i++)); do [[ "${names[i]}" == "${edit%%=*}" ]] && weights[i]="${edit#*=}"; done
    done
    write_front
    master="$(cat "$WORK/front.pid")" && old="$(pgrep -P "$master")"
    "$NGINX_BIN" -p "$WORK" -e "$WORK/front.error.log" -c "$front" -s reload
    for _ in $(seq 500); do
      left="" && for pid in $old; do running "$pid" && left=1; done
      [[ -z "$left" ]] && pgrep -P "$master" >/dev/null && return 0
      sleep 0.01
    done
    echo "record-nginx: $name: the old worker did not leave after the reload" >&2 && return 1
  }
  start=$(($(date +%s) + 1))
  for ((k = 1; k <= requests; k++)); do
    second=$((start + (rate > 0 ? (k - 1) / rate : 0)))
    if [[ -n "${dead_at[$k]:-}${alive_at[$k]:-}${reload_at[$k]:-}" && $k -gt 1 ]]; then
      send_batch
      if [[ -n "${reload_at[$k]:-}" ]]; then reload_front "${reload_at[$k]}" || return 1; fi
      for e_name in ${dead_at[$k]:-}; do
        stop_nginx "backend-$e_name"
      done
      for e_name in ${alive_at[$k]:-}; do
        start_backend "$e_name" "${port_of[$e_name]}"
      done
    fi
    if ((second != batch_second)); then
      send_batch
      batch_second=$second
    fi
    batch+=(-o /dev/null "http://127.0.0.1:$front_port/$k")
  done
  send_batch
  stop_nginx front
  for ((i = 0; i < n; i++)); do
    stop_nginx "backend-${names[i]}"
  done

  # The log: check the seconds, map ports back to names.
  local -a log_addr=() log_status=() log_pid=()
  local msec pid status addr got=0
  while read -r msec pid status addr; do
    got=$((got + 1))
    local at=$((${msec%.*} - start)) want=$((rate > 0 ? (got - 1) / rate : 0))
    if ((rate > 0 && at != want)); then
      echo "record-nginx: $name: request $got was served in second $at, not $want: recording again" >&2
      return 1
    fi
    addr="${addr//\"/}"
    local mapped="" part
    IFS=',' read -ra parts <<<"${addr// /}"
    for part in "${parts[@]}"; do
      [[ -n "$mapped" ]] && mapped+=", "
      if [[ "$part" == 127.0.0.1:* ]]; then
        mapped+="${name_of[${part#127.0.0.1:}]}"
      else
        mapped+="$part"
      fi
    done
    log_addr+=("$mapped")
    log_status+=("$status")
    log_pid+=("$pid")
  done <"$WORK/front.access.log"
  if ((got != requests)); then
    echo "record-nginx: $name: $got of $requests requests in the access log" >&2
    return 1
  fi

  # JSON.
  local sep=""
  printf '{"name": "%s", "rate": %d, "requests": %d, "workers": %d, "zone": %s,\n' \
    "$name" "$rate" "$requests" "$workers" "$([[ -n "$zone" ]] && echo true || echo false)"
  printf ' "servers": ['
  for ((i = 0; i < n; i++)); do
    printf '%s{"name": "%s", "weight": %d, "max_fails": %d, "fail_timeout": %d, "answers": %d, "backup": %s, "down": %s}' \
      "$sep" "${names[i]}" "${initial_weights[i]}" "${maxfails[i]}" "${timeouts[i]}" "${answer_of[${names[i]}]:-200}" \
      "$([[ "${flags[i]}" == backup ]] && echo true || echo false)" \
      "$([[ "${flags[i]}" == down ]] && echo true || echo false)"
    sep=", "
  done
  printf '],\n "events": "%s", "proxy_next_upstream": "%s", "proxy_next_upstream_tries": %d,\n' \
    "$events" "$next_upstream" "$tries"
  printf ' "upstream_addr": ['
  sep=""
  for addr in "${log_addr[@]}"; do
    printf '%s"%s"' "$sep" "$addr"
    sep=", "
  done
  printf '],\n "status": [%s]' "$(IFS=,; echo "${log_status[*]}" | sed 's/,/, /g')"
  if ((workers > 1)); then
    local -A worker_of=() ; local w=0 list=""
    for pid in "${log_pid[@]}"; do
      if [[ -z "${worker_of[$pid]:-}" ]]; then
        worker_of[$pid]=$w
        w=$((w + 1))
      fi
      list+="${list:+, }${worker_of[$pid]}"
    done
    printf ',\n "worker": [%s]' "$list"
  fi
  printf '}'
}

# A recording is only good if every request was served in the second it was meant for; on a busy
# machine a second can spill over, so a case is recorded again, up to six times.
record_with_retries() {
  local attempt out
  for attempt in 1 2 3 4 5 6; do
    if out="$(record_case "$@")"; then
      printf '%s' "$out"
      return 0
    fi
    local label
    for label in "${!PIDFILE[@]}"; do
      stop_nginx "$label"
    done
  done
  echo "record-nginx: could not record $1" >&2
  return 1
}

# A random case: 2–8 primary servers with weights 1–10, max_fails 0–5, fail_timeout 1–3 s,
# rate 2–8 requests per second, sometimes backups and a server marked down; dead servers anywhere, some coming back; now and
# then every server dead.
# Sets CASE (a function, not a subshell, so $RANDOM's sequence goes on from case to case).
random_case() { # index min_requests max_requests
  local k="$1" n b i servers="" events="" letters=ABCDEFGHIJKLMNOP
  n=$((2 + RANDOM % 7))
  b=0
  ((RANDOM % 3 == 0)) && b=$((1 + RANDOM % 2))
  local down=-1
  ((RANDOM % 6 == 0)) && down=$((RANDOM % n))
  for ((i = 0; i < n + b; i++)); do
    local flag=""
    ((i >= n)) && flag=":backup"
    ((i == down)) && flag=":down"
    servers+="${servers:+,}${letters:i:1}:$((1 + RANDOM % 10)):$((RANDOM % 6)):$((1 + RANDOM % 3))$flag"
  done
  local requests=$(($2 + RANDOM % ($3 - $2 + 1))) rate=$((2 + RANDOM % 7))
  local mode=$((RANDOM % 6)) dead
  if ((mode == 0)); then
    for ((i = 0; i < n + b; i++)); do
      events+="${events:+,}@1:${letters:i:1}:dead"
    done
    ((RANDOM % 2 == 0)) && events+=",@$((requests / 2)):${letters:0:1}:alive"
  else
    local count=$((1 + RANDOM % (n > 2 ? n - 1 : 1)))
    for ((i = 0; i < count; i++)); do
      dead=$((RANDOM % (n + b)))
      [[ "$events" == *":${letters:dead:1}:dead"* ]] && continue
      local at=1
      ((RANDOM % 2 == 0)) && at=$((1 + RANDOM % (requests / 2)))
      events+="${events:+,}@$at:${letters:dead:1}:dead"
      if ((RANDOM % 2 == 0)); then
        events+=",@$((at + 1 + RANDOM % (requests - at))):${letters:dead:1}:alive"
      fi
    done
  fi
  CASE="name=random-$k servers=$servers events=$events requests=$requests rate=$rate"
}

run_spec() { # words of one CASE
  local name="case" servers="" events="" requests=30 rate=1 workers=1 zone="" tries=0 next_upstream=error word
  for word in "$@"; do
    case "$word" in
      name=*) name="${word#name=}" ;;
      servers=*) servers="${word#servers=}" ;;
      events=*) events="${word#events=}" ;;
      requests=*) requests="${word#requests=}" ;;
      rate=*) rate="${word#rate=}" ;;
      workers=*) workers="${word#workers=}" ;;
      zone) zone=1 ;;
      tries=*) tries="${word#tries=}" ;;
      next_upstream=*) next_upstream="${word#next_upstream=}" ;;
      *) echo "record-nginx: unknown word '$word' in a case" >&2; exit 2 ;;
    esac
  done
  [[ -n "$servers" ]] || { echo "record-nginx: a case needs servers=" >&2; exit 2; }
  record_with_retries "$name" "$servers" "$events" "$requests" "$rate" "$workers" "$zone" "$tries" "$next_upstream"
}

cases=()
if [[ "${1:-}" == "--random" ]]; then
  count="${2:?--random COUNT}"
  shift 2
  seed=1 min=30 max=40
  while [[ $# -gt 0 ]]; do
    case "$1" in
      --seed) seed="$2"; shift 2 ;;
      --requests) min="${2%-*}"; max="${2#*-}"; shift 2 ;;
      *) echo "record-nginx: unknown option $1" >&2; exit 2 ;;
    esac
  done
  RANDOM=$seed
  for ((c = 1; c <= count; c++)); do
    random_case "$c" "$min" "$max"
    cases+=("$CASE")
  done
elif [[ "${1:-}" == "--print-random" ]]; then
  RANDOM="${3:-1}"
  for ((c = 1; c <= ${2:?--print-random COUNT [SEED]}; c++)); do
    random_case "$c" 30 40
    echo "$CASE"
  done
  exit 0
elif [[ "${1:-}" == "--workers" ]]; then
  workers="${2:?--workers N}"
  shift 2
  zone="" requests=1000 weights=5,3,2
  while [[ $# -gt 0 ]]; do
    case "$1" in
      --zone) zone=zone; shift ;;
      --requests) requests="$2"; shift 2 ;;
      --weights) weights="$2"; shift 2 ;;
      *) echo "record-nginx: unknown option $1" >&2; exit 2 ;;
    esac
  done
  servers="" letters=ABCDEFGHIJKLMNOP i=0
  IFS=, read -ra ws <<<"$weights"
  for w in "${ws[@]}"; do
    servers+="${servers:+,}${letters:i:1}:$w"
    i=$((i + 1))
  done
  # Requests as fast as curl sends them: no failure here, so the seconds do not matter.
  cases+=("name=workers-$workers${zone:+-zone} servers=$servers requests=$requests rate=0 workers=$workers $zone")
else
  [[ $# -gt 0 ]] || { sed -n '2,26p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
  cases=("$@")
fi

echo '{"source": "scripts/record-nginx.sh: '"$("$NGINX_BIN" -v 2>&1 | sed 's/^nginx version: //')"', Debian package, as an ordinary process on loopback", "cases": ['
first=1
for spec in "${cases[@]}"; do
  [[ $first -eq 1 ]] || echo ","
  first=0
  # shellcheck disable=SC2086
  run_spec $spec
done
echo
echo ']}'
