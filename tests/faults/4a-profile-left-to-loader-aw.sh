# pair: aw
# plants: generated/treatment_config.yaml: the treatment config has no schedulingProfiles (dropped as if the router needed none): the router's config loader then builds profile "default" from every filter, scorer and picker the config instantiates, each scorer at weight 1, so the prefix, KV and queue scorers config.md keeps out of the profile (the delegation scorer calls them itself) score every request next to it
# catches: 4a routing.policy phase=treatment => FAIL ~ scorer default/queue-scorer: deployed with weight 1 \(added by the router's loader; generated/treatment_config.yaml:\d+\), not planned DIFFERS
# touches: 2c@*/* 2d@treatment/* 4a 4b 4c 5g@treatment/*
plant() {
	local f="$REAL/generated/treatment_config.yaml"
	sed -i '/^schedulingProfiles:/,$d' "$f"
	! grep -q 'schedulingProfiles' "$f"
}
