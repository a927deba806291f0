# pair: aw
# plants: treatment/w2_stationary: the generator ran an older draft of the spec whose prefix-A input_distribution was a lognormal of the same mean and stdev (512 ± 128, clamped to [128, 1024]) where the simulated spec has a gaussian: the run's mean, stdev and [min, max] pass, but the lengths are skewed (fewer short prompts, a longer right tail; the server counts follow)
# catches: 1c client.input_tokens.shape client=prefix-A,phase=treatment,workload=w2_stationary => FAIL
# touches: 1c@treatment/w2_stationary
plant() {
	trace_edit "$REAL/treatment/w2_stationary/trace_data.csv" '
import math
sg = math.sqrt(math.log(1 + (128 / 512) ** 2))
mu = math.log(512) - sg * sg / 2
for r in rows:
    if r["client_id"] != "prefix-A":
        continue
    old = int(r["input_tokens"])
    new = max(128, min(1024, int(rng.lognormvariate(mu, sg) + 0.5)))
    r["input_tokens"] = str(new)
    if int(r["server_input_tokens"]) > 0:
        r["server_input_tokens"] = str(int(r["server_input_tokens"]) - old + new)'
}
