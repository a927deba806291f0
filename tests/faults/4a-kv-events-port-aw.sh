# pair: aw
# plants: generated/treatment_config.yaml: the treatment's precise prefix-cache scorer binds its KV-event socket on port 5558 (kvEventsConfig.zmqEndpoint tcp://*:5558, moved off 5557 to run beside another EPP in a shared test namespace) while every pod still publishes to the EPP service's port 5557: the treatment's scorer hears no event and scores every pod 0, the baseline's works, so the arms differ in prefix routing as well as in the policy under test
# catches: 4a routing.prefix_events phase=treatment,workload=* => FAIL ~ port 5557 where the scorer listens on 5558
# touches: 4a 2c@*/* 2d@treatment/* 4c@treatment/*
plant() {
	local f="$REAL/generated/treatment_config.yaml"
	sed 's|zmqEndpoint: "tcp://\*:5557"|zmqEndpoint: "tcp://*:5558"|' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
	grep -q '5558' "$f"
}
