# bench/lib.sh - sourced by the benchmarks.
#
# measure NAME RUNS CMD...: runs CMD RUNS times (stdout to /dev/null) and
# prints "NAME median_seconds peak_rss_kb"; the caller builds the table.
measure() {
	name=$1 runs=$2
	shift 2
	times=""
	rss=0
	i=0
	while [ "$i" -lt "$runs" ]; do
		/usr/bin/time -f '%e %M' -o bench/out/.time.$$ "$@" >/dev/null 2>bench/out/.err.$$ ||
			{ echo "bench: $name failed:" >&2; cat bench/out/.err.$$ >&2; return 1; }
		read -r t m <bench/out/.time.$$
		times="$times $t"
		[ "$m" -gt "$rss" ] && rss=$m
		i=$((i + 1))
	done
	med=$(printf '%s\n' $times | sort -n | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}')
	echo "$name $med $rss"
}
S2R_BIN=${S2R_BIN:-build/bin}
