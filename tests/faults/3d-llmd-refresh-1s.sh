# pair: 14b
# plants: code/llmd: the llm-d-router release the run deployed polls pod metrics every 1 s (its MinRefreshMetricsInterval, the flag's default, and the data layer's defaultRefreshInterval), while GAIE's code keeps 50 ms, the sim's --snapshot-refresh-interval: the two router codebases disagree, and which one ran decides how old the treatment's signals are
# catches: 3d snapshot.refresh_interval - => WARN ~ 1 s
# touches: 3d
plant() {
	sed -i 's/^const MinRefreshMetricsInterval = 50 \* time.Millisecond/const MinRefreshMetricsInterval = 1 * time.Second/' \
	    code/llmd/pkg/epp/server/options.go
	sed -i 's/defaultRefreshInterval = 50 \* time.Millisecond/defaultRefreshInterval = 1 * time.Second/' \
	    code/llmd/pkg/epp/datalayer/runtime.go
	grep -q 'MinRefreshMetricsInterval = 1 \* time.Second' code/llmd/pkg/epp/server/options.go
	grep -q 'defaultRefreshInterval = 1 \* time.Second' code/llmd/pkg/epp/datalayer/runtime.go
}
