# pair: 14b
# plants: generated/preemptive_shed.go: the plugin caches the pool's saturation for a second (a.satAt, a.sat: recomputed only when the cached value is older than time.Second), on top of the router's own metrics refresh: its admission decisions read a signal up to a second older than the sim's snapshot
# catches: 3d snapshot.plugin_cache - => WARN ~ stores a signal
# touches: 3a 3b 3c 3d 4d
plant() {
	local f="$REAL/generated/preemptive_shed.go"
	sed -i -e 's|^\tname   string$|\tname   string\n\tsat    float64   // cached pool saturation\n\tsatAt  time.Time // when it was computed|' \
	    -e 's|^\tsaturation := a.computeSaturation(endpoints)$|\tif time.Since(a.satAt) > time.Second {\n\t\ta.sat, a.satAt = a.computeSaturation(endpoints), time.Now()\n\t}\n\tsaturation := a.sat|' \
	    -e 's|^\t"math/rand"$|\t"math/rand"\n\t"time"|' "$f"
	grep -q 'saturation := a.sat$' "$f"
	grep -q 'time.Since(a.satAt) > time.Second' "$f"
}
