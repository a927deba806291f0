# pair: aw
# plants: treatment/w2_stationary: the treatment's pods publish their KV-cache events to the EPP service of an earlier release (--kv-events-config endpoint tcp://gaie-sim2real-aw-v1-epp..., left in the treatment's values file), not to the gaie-sim2real-aw-epp the arm's router listens on: every other argument is the baseline's, but the treatment's precise prefix-cache scorer hears no block events, so prefix routing works in one arm only
# catches: 2c arms.vllm phase=*,workload=w2_stationary => FAIL ~ kv_events_config.endpoint
# touches: 2a@treatment/w2_stationary 5a@treatment/w2_stationary 2c@*/w2_stationary
plant() {
	sed -i "s#endpoint='tcp://gaie-sim2real-aw-epp\.#endpoint='tcp://gaie-sim2real-aw-v1-epp.#" \
	    "$REAL"/treatment/w2_stationary/server_logs/*.log
	[ "$(grep -l "endpoint='tcp://gaie-sim2real-aw-v1-epp\." "$REAL"/treatment/w2_stationary/server_logs/*.log | wc -l)" = 4 ]
}
