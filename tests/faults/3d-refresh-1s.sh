# pair: 14b
# plants: code/: the router release the run deployed polls pod metrics every 1 s (options.go and the data layer's default), not the 50 ms the sim's --snapshot-refresh-interval assumes
# catches: 3d snapshot.refresh_interval - => WARN|FAIL
# touches: 3d
plant() {
	sed -i 's/RefreshMetricsInterval:           50 \* time.Millisecond/RefreshMetricsInterval:           1 * time.Second/' \
	    code/gaie/pkg/epp/server/options.go
	sed -i 's/RefreshMetricsInterval:           MinRefreshMetricsInterval/RefreshMetricsInterval:           1 * time.Second/' \
	    code/llmd/pkg/epp/server/options.go
	sed -i 's/defaultRefreshInterval = 50 \* time.Millisecond/defaultRefreshInterval = 1 * time.Second/' \
	    code/gaie/pkg/epp/datalayer/runtime.go code/llmd/pkg/epp/datalayer/runtime.go
	grep -q '1 \* time.Second' code/gaie/pkg/epp/datalayer/runtime.go
}
