# pair: 14b
# plants: generated/baseline_config.yaml and treatment_config.yaml: the team's EPP template, copied from GAIE's example config, keeps least-queue-filter in the plugins and runs it first in the default profile, before random-picker, in both arms: each request goes to a random pod among those with the shortest waiting queue, load-aware routing the sim's round-robin does not do (both arms alike, so the arm diff sees nothing)
# catches: 4a routing.policy phase=baseline => FAIL ~ least-queue-filter
# catches: 4a routing.policy phase=treatment => FAIL ~ least-queue-filter
# touches: 2d 4a
plant() {
	local f
	for f in "$REAL/generated/baseline_config.yaml" \
	    "$REAL/generated/treatment_config.yaml"; do
		awk '/^- type: random-picker$/ { print "- type: least-queue-filter" }
		  { print }
		  /^  plugins:$/ { print "  - pluginRef: least-queue-filter" }' \
		    "$f" >"$f.tmp"
		mv "$f.tmp" "$f"
		grep -q '^  - pluginRef: least-queue-filter$' "$f"
	done
}
