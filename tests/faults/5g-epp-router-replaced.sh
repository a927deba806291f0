# pair: 14b
# plants: baseline/w1c_14b: the EPP pod was evicted two minutes into the run (node memory pressure) and its ReplicaSet recreated it as pod -x7q2d, which served the rest of the run: the log stream followed the new pod, so the cell's epp_logs hold p2bgj's log up to 09:41:59 and x7q2d's from 09:42 on; the router's flow-control queues, prefix-cache index and pods' metrics began again mid-run and the requests p2bgj held were cut
# catches: 5g epp.router phase=baseline,workload=w1c_14b => WARN ~ took over from another
# touches: 5g@baseline/w1c_14b
plant() {
	local d=$REAL/baseline/w1c_14b/epp_logs f
	f=$(ls "$d"/*.log | tail -1)
	mv "$f" "$d/sim2real-adminctrl1-gaie-epp-6d9f8c7b54-x7q2d_${f##*_}"
	[ "$(ls "$d" | sed 's/_[0-9]*\.log$//' | sort -u | wc -l)" = 2 ]
}
