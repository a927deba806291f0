# pair: 14b
# plants: code/: the router release the run deployed rejects every request when the pool is saturated (the IsSheddable test dropped from rejectIfSheddableAndSaturated, in GAIE and llm-d-router): the default admission the baseline stands for sheds critical and standard requests too, not only sheddable ones
# catches: 4b admission.baseline phase=baseline => WARN ~ tests no priority
# touches: 4b 4d
plant() {
	local f
	for f in code/gaie/pkg/epp/requestcontrol/admission.go code/llmd/pkg/epp/requestcontrol/admission.go; do
		awk '/^\tif requtil.IsSheddable\(priority\) \{$/ { skip = 1; next }
		  skip && /^\t\}$/ { skip = 0; next }
		  skip { sub(/^\t/, ""); print; next } { print }' "$f" >"$f.tmp"
		mv "$f.tmp" "$f"
	done
	! grep -q 'if requtil.IsSheddable(priority)' code/gaie/pkg/epp/requestcontrol/admission.go
}
