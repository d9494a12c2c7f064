# Sourced by the shell tests (tests/schemathesis.sh, tests/trf_readback.sh):
# starts "$bin" serve on a fresh SQLite file in a new temporary folder
# `$dir`, with the organiser's token "$token" and no rate limits; sets
# `$pid` and `$base` (http://127.0.0.1:PORT), and stops the server and
# removes the folder when the script exits.
dir=$(mktemp -d)
"$bin" serve --listen 127.0.0.1:0 --db "sqlite://$dir/arbitre.db" --signing-key "$dir/signing.key" \
    --organiser-token "$token" --rate-per-token 0 --rate-per-address 0 \
    > "$dir/out" 2> "$dir/log" &
pid=$!
trap 'kill $pid 2> /dev/null || true; wait $pid 2> /dev/null || true; rm -rf "$dir"' EXIT
base=
for _ in $(seq 300); do
    base=$(sed -n 's|^arbitre serves \(http://[^/]*\)/.*|\1|p' "$dir/out")
    [ -n "$base" ] && break
    sleep 0.1
done
[ -n "$base" ] || { echo "the server did not start:"; cat "$dir/log"; exit 1; }
