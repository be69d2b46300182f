#!/usr/bin/env bash
# agdump at scale: time and peak resident memory for --summary and --dot on synthetic archives of
# 100,000 and 1,000,000 nodes (Scripts/make-archive.py), beside Python's json.loads on the same
# files. Builds agdump in release first. Usage: Scripts/agdump-scale.sh [FOLDER] (default /tmp).
set -euo pipefail
cd "$(dirname "$0")/.."
folder="${1:-/tmp}"
swift build -c release --product agdump >/dev/null
agdump="$(swift build -c release --show-bin-path)/agdump"
printf '%-14s %10s  %-10s %9s %12s %10s\n' archive "JSON size" mode time "peak RSS" "RSS/JSON"
for nodes in 100000 1000000; do
    file="$folder/agdump-scale-$nodes.ag-json"
    [ -f "$file" ] || python3 Scripts/make-archive.py "$nodes" "$file"
    size=$(stat -c %s "$file")
    for mode in --summary --dot; do
        /usr/bin/time -f '%e %M' -o "$folder/agdump-scale.time" "$agdump" "$file" "$mode" >/dev/null
        read -r seconds kilobytes < "$folder/agdump-scale.time"
        printf '%-14s %8.1f MB  %-10s %7.2f s %9.0f MB %9.2f×\n' "$nodes nodes" "$(echo "$size/1000000" | bc -l)" \
            "$mode" "$seconds" "$(echo "$kilobytes/1024" | bc -l)" "$(echo "$kilobytes*1024/$size" | bc -l)"
    done
    /usr/bin/time -f '%e %M' -o "$folder/agdump-scale.time" python3 -c "import json,sys; json.loads(open(sys.argv[1],'rb').read())" "$file"
    read -r seconds kilobytes < "$folder/agdump-scale.time"
    printf '%-14s %8.1f MB  %-10s %7.2f s %9.0f MB %9.2f×\n' "$nodes nodes" "$(echo "$size/1000000" | bc -l)" \
        "json.loads" "$seconds" "$(echo "$kilobytes/1024" | bc -l)" "$(echo "$kilobytes*1024/$size" | bc -l)"
done
