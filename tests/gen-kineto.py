#!/usr/bin/python3
"""gen-kineto.py - synthesise a vLLM-shaped profiler trace from a simulated
slot table, with injected effects, for the s2r-kernel-match and
s2r-dutycycle tests and benchmark.

Writes, for the same simulated run:
  TRACE        Kineto JSON (gzip when it ends in .gz); with --tp 2 one file
               per rank: the name's "{rank}" is replaced by the rank
  --slots F    the simulated slots (s2r NDJSON, kind "slot")
  --nsys DIR   nsys stats CSV reports: cuda_gpu_trace.csv, cuda_api_trace.csv,
               nvtx_pushpop_trace.csv (rank 0)
  --expect F   the truth as JSON (per iteration cycle/wall/busy, per op ns)

Effects: --slow OP:FACTOR[:STAGE] (measured kernels of OP slower, in
iterations of STAGE only when given), --clock F (every measured kernel
scaled), --stall ITER:NS (a host stall after an iteration), --extra (a
kernel no rule or slot knows, each layer; --extra-name NAME names it,
--extra-ns NS times it: 10000 by default),
--drop OP (the slot stays, the kernels go), --swap OP[:STAGE] (the
framework launches another implementation of OP: ALT's name), --graph
(decode iterations replayed from one cudaGraphLaunch), --tp 2
(all-reduces after o_proj and down_proj, rank 1 arrives later),
--slow-rank R:F (rank R's kernels, collectives excepted, F times slower).
--slot-kernels: each slot names the kernel its cost assumes (a fragment
of NAMES); --slot-batch: each states the step's batch (requests, tokens).  Integer ns throughout."""
import argparse
import gzip
import json
import os

NAMES = {
    "input_norm": "void vllm::fused_add_rms_norm_kernel<c10::BFloat16, 8>(c10::BFloat16*, c10::BFloat16*, c10::BFloat16 const*, float, int, int)",
    "qkv_proj": "sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x128x64_warpgroupsize1x1x1_execute_segment_k_off_kernel__5x_cublas",
    "rope": "void vllm::rotary_embedding_kernel<c10::BFloat16, true>(long const*, c10::BFloat16*, c10::BFloat16*, c10::BFloat16 const*, int, long, long, int, int, int)",
    "kv_cache": "void vllm::reshape_and_cache_flash_kernel<__nv_bfloat16, __nv_bfloat16, (vllm::Fp8KVCacheDataType)0>(__nv_bfloat16 const*, __nv_bfloat16 const*, __nv_bfloat16*, __nv_bfloat16*, long const*, long, long, long, long, int, int, int, float const*, float const*)",
    "attention": "void cutlass::device_kernel<flash::enable_sm90_or_later<flash::FlashAttnFwdSm90<flash::CollectiveMainloopFwdSm90<2, cute::tuple<cute::C<1>, cute::C<1>, cute::C<1> >, cute::tuple<cute::C<128>, cute::C<128>, cute::C<128> >, 128, cutlass::bfloat16_t, float, cutlass::arch::Sm90, true, false, false, true, true, false, false, true, true, true, false, false>, flash::CollectiveEpilogueFwd<cute::tuple<cute::C<128>, cute::C<128>, cute::C<128> >, cute::tuple<cute::C<1>, cute::C<1>, cute::C<1> >, cutlass::bfloat16_t, cutlass::arch::Sm90, 256, true, true, false, false>, flash::VarlenDynamicPersistentTileScheduler<128, 256, 128, false, true, true>, true> > >(flash::FlashAttnFwdSm90<...>::Params)",
    "o_proj": "sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x128x64_warpgroupsize1x1x1_execute_segment_k_off_kernel__5x_cublas",
    "attn_allreduce": "void vllm::cross_device_reduce_1stage<__nv_bfloat16, 2>(vllm::RankData*, vllm::RankSignals, vllm::Signal*, __nv_bfloat16*, int, int)",
    "post_attn_norm": "void vllm::fused_add_rms_norm_kernel<c10::BFloat16, 8>(c10::BFloat16*, c10::BFloat16*, c10::BFloat16 const*, float, int, int)",
    "gate_up_proj": "sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize256x128x64_warpgroupsize2x1x1_execute_segment_k_off_kernel__5x_cublas",
    "activation": "void vllm::act_and_mul_kernel<c10::BFloat16, &(c10::BFloat16 vllm::silu_kernel<c10::BFloat16>(c10::BFloat16 const&)), true>(c10::BFloat16*, c10::BFloat16 const*, int)",
    "down_proj": "sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x128x64_warpgroupsize1x1x1_execute_segment_k_off_kernel__5x_cublas",
    "mlp_allreduce": "void vllm::cross_device_reduce_1stage<__nv_bfloat16, 2>(vllm::RankData*, vllm::RankSignals, vllm::Signal*, __nv_bfloat16*, int, int)",
    "final_norm": "void vllm::fused_add_rms_norm_kernel<c10::BFloat16, 8>(c10::BFloat16*, c10::BFloat16*, c10::BFloat16 const*, float, int, int)",
    "lm_head": "sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x256x64_warpgroupsize1x1x1_execute_segment_k_off_kernel__5x_cublas",
    "sampling": "void at::native::(anonymous namespace)::cunn_SoftMaxForward<4, float, float, float, at::native::(anonymous namespace)::SoftMaxForwardEpilogue>(float*, float const*, int)",
    "extra": "void my_unknown_fused_thing_kernel<128>(float*, int)",
}
# another implementation of an operation (--swap): what a different
# backend launches in its place
ALT = {
    "attention": "void flashinfer::BatchDecodeWithPagedKVCacheKernel<false, (flashinfer::PosEncodingMode)0, 2u, 4u, 8u, 16u, 1u, 8u, (flashinfer::PageStorage)0, __nv_bfloat16, __nv_bfloat16, __nv_bfloat16, int>(__nv_bfloat16*, __nv_bfloat16*, flashinfer::paged_kv_t<(flashinfer::PageStorage)0, __nv_bfloat16, int>, flashinfer::kv_partition_info_t<int>, __nv_bfloat16*, float*, bool*, float, float, float, float)",
    "gate_up_proj": "sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize64x256x64_warpgroupsize1x1x1_execute_segment_k_off_kernel__5x_cublas",
}
# the fragment of NAMES a slot's cost assumes (--slot-kernels)
KFRAG = {
    "input_norm": "fused_add_rms_norm_kernel", "post_attn_norm":
    "fused_add_rms_norm_kernel", "final_norm": "fused_add_rms_norm_kernel",
    "qkv_proj": "tilesize128x128x64", "o_proj": "tilesize128x128x64",
    "down_proj": "tilesize128x128x64", "gate_up_proj": "tilesize256x128x64",
    "lm_head": "tilesize128x256x64", "rope": "rotary_embedding_kernel",
    "kv_cache": "reshape_and_cache_flash_kernel",
    "attention": "FlashAttnFwdSm90", "activation": "act_and_mul_kernel",
    "attn_allreduce": "cross_device_reduce_1stage",
    "mlp_allreduce": "cross_device_reduce_1stage",
}
# decode unit costs (ns) per layer op; prefill scales them
UNIT = [("input_norm", "rmsnorm", 3000), ("qkv_proj", "gemm", 41000),
        ("rope", "rope", 2000), ("kv_cache", "kv_cache", 2500),
        ("attention", "attention", 30000), ("o_proj", "gemm", 20000),
        ("attn_allreduce", "allreduce", 15000),
        ("post_attn_norm", "rmsnorm", 3000),
        ("gate_up_proj", "gemm", 60000), ("activation", "activation", 5000),
        ("down_proj", "gemm", 30000), ("mlp_allreduce", "allreduce", 15000)]
POST = [("final_norm", "rmsnorm", 3000), ("lm_head", "gemm", 50000)]
SLOT_NAME = {"attn_allreduce": "layer.attn.tp_allreduce",
             "mlp_allreduce": "layer.mlp.tp_allreduce",
             "final_norm": "post.norm", "lm_head": "post.lm_head"}

BASE_TS = 1712195495505583250      # ns, like a real epoch timestamp
GAP = 1000                         # launch gap between kernels (ns)
LAUNCH_LEAD = 4000                 # host launch precedes GPU start


def us(ns):
    """ns -> Kineto microseconds text with exactly three decimals."""
    return "%d.%03d" % (ns // 1000, ns % 1000)


def stage_of(i, args):
    if i == 0:
        return "prefill"
    if args.mixed and i == 1:
        return "mixed"
    return "decode"


def marker(stage):
    if stage == "prefill":
        return "execute_context_4(2048)_generation_0(0)"
    if stage == "mixed":
        return "execute_context_1(512)_generation_3(3)"
    return "execute_context_0(0)_generation_4(4)"


# the requests and tokens of a step, as its marker gives them
BATCH = {"prefill": (4, 2048), "mixed": (4, 515), "decode": (4, 4)}


def scale_of(stage):
    return {"prefill": 8, "mixed": 3, "decode": 1}[stage]


def layer_ops(args):
    ops = [u for u in UNIT if args.tp > 1 or "allreduce" not in u[0]]
    return ops


class Gen:
    def __init__(self, args):
        self.a = args
        self.corr = 1000
        self.ext = 1
        self.truth = {"iterations": [], "ops": {}}

    def measured_dur(self, op, unit, stage):
        d = unit
        for spec in self.a.slow:
            name, f, where = (spec.split(":") + ["any"])[:3]
            if name == op and where in ("any", stage):
                d = d * int(round(float(f) * 1000)) // 1000
        if self.a.clock != 1.0:
            d = d * int(round(self.a.clock * 1000)) // 1000
        return d

    def run(self):
        a = self.a
        ranks = list(range(a.tp))
        events = {r: [] for r in ranks}
        nsys = {"gpu": [], "api": [], "nvtx": []}
        slots = []
        gpu_t = {r: BASE_TS for r in ranks}
        host_t = BASE_TS - 50000
        pid, tid = 4242, 4242
        slow_rank = dict((int(r), float(f)) for r, f in
                         (x.split(":") for x in a.slow_rank))
        for i in range(a.iters):
            stage = stage_of(i, a)
            sc = scale_of(stage)
            graph = a.graph and stage == "decode"
            m_start = host_t
            launches = []          # (op, kind, unit_ns, after_envelope)
            for layer in range(a.layers):
                for op, kind, unit in layer_ops(a):
                    launches.append((op, kind, unit * sc, False))
                    if a.extra and op == "down_proj":
                        launches.append(("extra", "extra", a.extra_ns, False))
            for op, kind, unit in POST:
                launches.append((op, kind, unit * sc, False))
            launches.append(("sampling", "sampling", 4000, True))
            # slots: one per op with the layer count, post ops once
            seen = {}
            for op, kind, unit, _ in launches:
                if op in ("extra", "sampling"):
                    continue
                seen.setdefault(op, [kind, unit, 0])[2] += 1
            for op, (kind, unit, count) in seen.items():
                slot = {"kind": "slot", "iter": i, "stage": stage,
                        "slot": SLOT_NAME.get(op, "layer." + op),
                        "op": op, "category": kind, "unit_ns": unit,
                        "count": count}
                if a.slot_kernels:
                    slot["kernel"] = KFRAG[op]
                if a.slot_batch:
                    slot["batch"], slot["tokens"] = BATCH[stage]
                slots.append(slot)
            # host: marker, launches (graph: one launch for the layers)
            first_gpu = {}
            last_end = {}
            busy = {r: 0 for r in ranks}
            graph_corr = None
            host = m_start + 2000
            in_marker_end = None
            for k, (op, kind, unit, late) in enumerate(launches):
                if op == a.drop:
                    continue
                if late and in_marker_end is None:
                    in_marker_end = host
                    host += 3000
                is_graph_kernel = graph and not late and op not in dict(
                    (p[0], 1) for p in POST)
                if is_graph_kernel:
                    if graph_corr is None:
                        self.corr += 1
                        graph_corr = self.corr
                        self.launch(events, nsys, ranks, pid, tid, host,
                                    graph_corr, "cudaGraphLaunch")
                        host += 5000
                    corr = graph_corr
                else:
                    self.corr += 1
                    corr = self.corr
                    self.launch(events, nsys, ranks, pid, tid, host, corr,
                                "cudaLaunchKernel")
                    host += 5000
                dur = self.measured_dur(op, unit, stage)
                name = self.name_of(op, stage)
                for r in ranks:
                    start = max(gpu_t[r], host - 5000 + LAUNCH_LEAD)
                    d = dur
                    if r in slow_rank and kind != "allreduce":
                        d = d * int(round(slow_rank[r] * 1000)) // 1000
                    if kind == "allreduce" and a.tp > 1:
                        # rank 1 arrives 2 us late; both leave together
                        start += 2000 * r
                    events[r].append(self.kernel(name, start, d, r, corr))
                    nsys["gpu"].append((r, start, d, corr, name))
                    first_gpu.setdefault(r, start)
                    last_end[r] = start + d
                    busy[r] += d
                    gpu_t[r] = start + d + GAP
                if kind == "allreduce" and a.tp > 1:
                    end = max(last_end.values())
                    for r in ranks:     # stretch so both end together
                        ev = events[r][-1]
                        s = ev["_start"]
                        ev["_dur"] = end - s
                        last_end[r] = end
                        gpu_t[r] = end + GAP
                    # nsys rows follow the stretched durations (rank 0)
                    nsys["gpu"][-a.tp] = (0, events[0][-1]["_start"],
                                          events[0][-1]["_dur"], corr,
                                          name)
                self.truth["ops"].setdefault(op, 0)
                self.truth["ops"][op] += dur
            m_end = in_marker_end if in_marker_end is not None else host
            for r in ranks:
                events[r].append({"ph": "X", "cat": "user_annotation",
                                  "name": marker(stage), "pid": pid,
                                  "tid": tid, "_start": m_start,
                                  "_dur": m_end - m_start})
            nsys["nvtx"].append((m_start, m_end, marker(stage), pid, tid))
            self.truth["iterations"].append({
                "iter": i, "stage": stage,
                "first_ns": min(first_gpu.values()),
                "last_ns": max(last_end.values()),
                "graph": graph})
            host = max(host, max(gpu_t.values())) + a.host_gap
            for spec in a.stall:
                it, ns = spec.split(":")
                if int(it) == i:
                    host += int(ns)
            host_t = host
            for r in ranks:
                gpu_t[r] = max(gpu_t[r], host_t)
        its = self.truth["iterations"]
        for k, it in enumerate(its):
            it["wall_ns"] = it["last_ns"] - it["first_ns"]
            it["cycle_ns"] = (its[k + 1]["first_ns"] - it["first_ns"]
                              if k + 1 < len(its) else None)
        return events, nsys, slots

    def name_of(self, op, stage):
        if op == "extra" and self.a.extra_name:
            return self.a.extra_name
        for spec in self.a.swap:
            name, where = (spec.split(":") + ["any"])[:2]
            if name == op and where in ("any", stage):
                return ALT[op]
        return NAMES[op]

    def launch(self, events, nsys, ranks, pid, tid, host, corr, name):
        for r in ranks:
            events[r].append({"ph": "X", "cat": "cuda_runtime", "name": name,
                              "pid": pid, "tid": tid, "_start": host,
                              "_dur": 3000, "args": {"External id": self.ext,
                                                     "cbid": 211,
                                                     "correlation": corr}})
        nsys["api"].append((host, 3000, name, corr, pid, tid))
        self.ext += 1

    def kernel(self, name, start, dur, r, corr):
        args = {"External id": self.ext, "queued": 0, "device": r,
                "context": 1, "stream": 7, "correlation": corr,
                "registers per thread": 128, "shared memory": 0,
                "grid": [132, 1, 1], "block": [256, 1, 1]}
        if self.a.pad:
            args["pad"] = "x" * self.a.pad
        return {"ph": "X", "cat": "kernel", "name": name, "pid": r,
                "tid": 7, "_start": start, "_dur": dur, "args": args}


def write_trace(path, rank, world, evs):
    op = gzip.open if path.endswith(".gz") else open
    with op(path, "wt") as f:
        f.write('{\n  "schemaVersion": 1,\n')
        if world > 1:
            f.write('  "distributedInfo": {"backend": "nccl", "rank": %d, '
                    '"world_size": %d},\n' % (rank, world))
        f.write('  "traceEvents": [\n')
        first = True
        for e in evs:
            s, d = e.pop("_start"), e.pop("_dur")
            body = json.dumps(e, separators=(", ", ": "))
            # ts/dur as exact decimal microsecond text
            body = body[:-1] + ', "ts": %s, "dur": %s}' % (us(s), us(d))
            f.write(("  " if first else ",\n  ") + body)
            first = False
        f.write('\n  ]\n}\n')


def write_nsys(d, nsys):
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "cuda_gpu_trace.csv"), "w") as f:
        f.write("Generating '/tmp/nsys-report-1234.qdstrm'\n")
        f.write("NOTICE: Existing SQLite export found: report1.sqlite\n")
        f.write("Processing [report1.sqlite] with [/opt/nvidia/nsight-systems/"
                "2024.5.1/host-linux-x64/reports/cuda_gpu_trace.py]... \n\n")
        f.write("Start (ns),Duration (ns),CorrId,GrdX,GrdY,GrdZ,BlkX,BlkY,BlkZ,"
                "Reg/Trd,StcSMem (MB),DymSMem (MB),Bytes (MB),Throughput (MBps),"
                "SrcMemKd,DstMemKd,Device,Ctx,Strm,Name\n")
        for r, s, dur, corr, name in nsys["gpu"]:
            if r != 0:
                continue
            f.write('%d,%d,%d,132,1,1,256,1,1,128,0.000,0.000,,,,,'
                    'NVIDIA H100 80GB HBM3 (0),1,7,"%s"\n'
                    % (s, dur, corr, name.replace('"', '""')))
    with open(os.path.join(d, "cuda_api_trace.csv"), "w") as f:
        f.write("Start (ns),Duration (ns),Name,Result,CorrID,Pid,Tid,T-Pri,"
                "Thread Name\n")
        for s, dur, name, corr, pid, tid in nsys["api"]:
            f.write("%d,%d,%s,0,%d,%d,%d,20,python3\n"
                    % (s, dur, name, corr, pid, tid))
    with open(os.path.join(d, "nvtx_pushpop_trace.csv"), "w") as f:
        f.write("Start (ns),End (ns),Duration (ns),DurChild (ns),"
                "DurNonChild (ns),Name,PID,TID,Lvl,NumChild,RangeId,ParentId,"
                "RangeStack,NameTree\n")
        for k, (s, e, name, pid, tid) in enumerate(nsys["nvtx"]):
            f.write('%d,%d,%d,0,%d,"%s",%d,%d,0,0,%d,,:%d,%s\n'
                    % (s, e, e - s, e - s, name, pid, tid, k + 1, k + 1, name))


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("trace")
    p.add_argument("--slots")
    p.add_argument("--nsys")
    p.add_argument("--expect")
    p.add_argument("--iters", type=int, default=6)
    p.add_argument("--layers", type=int, default=4)
    p.add_argument("--tp", type=int, default=1, choices=[1, 2])
    p.add_argument("--graph", action="store_true")
    p.add_argument("--mixed", action="store_true")
    p.add_argument("--slow", action="append", default=[])
    p.add_argument("--clock", type=float, default=1.0)
    p.add_argument("--slow-rank", action="append", default=[],
                   help="RANK:FACTOR: that rank's GPU runs every kernel but "
                   "the collectives FACTOR times slower (the others wait "
                   "for it in the all-reduces)")
    p.add_argument("--extra", action="store_true")
    p.add_argument("--extra-name")
    p.add_argument("--extra-ns", type=int, default=10000)
    p.add_argument("--swap", action="append", default=[])
    p.add_argument("--slot-kernels", action="store_true")
    p.add_argument("--slot-batch", action="store_true",
                   help="each slot states the step's requests and tokens "
                   "(batch, tokens) its cost was computed for")
    p.add_argument("--drop")
    p.add_argument("--host-gap", type=int, default=200000)
    p.add_argument("--pad", type=int, default=0)
    p.add_argument("--stall", action="append", default=[],
                   help="ITER:NS extra host time after iteration ITER")
    a = p.parse_args()
    g = Gen(a)
    events, nsys, slots = g.run()
    for r in range(a.tp):
        path = a.trace.replace("{rank}", str(r))
        write_trace(path, r, a.tp, events[r])
    if a.slots:
        with open(a.slots, "w") as f:
            for s in slots:
                f.write(json.dumps(s, separators=(",", ":")) + "\n")
    if a.nsys:
        write_nsys(a.nsys, nsys)
    if a.expect:
        with open(a.expect, "w") as f:
            json.dump(g.truth, f, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
