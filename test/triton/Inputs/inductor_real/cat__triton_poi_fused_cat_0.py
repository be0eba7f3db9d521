# Inductor's Triton kernel triton_poi_fused_cat_0, as PyTorch 2.11.0+cu130 wrote it
# (torch.compile(dynamic=True), cpu_backend="triton": the GPU codegen,
# no GPU) for bench/triton/tc_programs.py 'cat' on its first "cuda" shape.
# The kernel body is Inductor's, unchanged; written by
# test/triton/inductor_real_extract.py.  SIGNATURE and ATTRS are
# Inductor's triton_meta (its 'signature', 'configs'[0]); CONFIG is the one
# triton_heuristics.pointwise chooses without autotuning for an sm_90 device
# (size_hints {'x': 8192}; 2 config(s) when autotuning).
import triton
import triton.language as tl

import inductor_real_helpers as triton_helpers  # noqa: F401

PROGRAM = 'cat'
KIND = 'pointwise'
SIZE_HINTS = {'x': 8192}
SIGNATURE = {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'ks0': 'i64', 'ks1': 'i64', 'ks2': 'i64', 'ks3': 'i64', 'ks4': 'i64', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}
ATTRS = {(1,): [['tt.divisibility', 16]]}
CONFIG = {'XBLOCK': 256, 'num_warps': 4, 'num_stages': 1}

@triton.jit
def triton_poi_fused_cat_0(in_ptr0, out_ptr0, ks0, ks1, ks2, ks3, ks4, xnumel, XBLOCK : tl.constexpr):
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x2 = xindex
    x0 = (xindex % ks0)
    x1 = xindex // ks0
    tmp0 = tl.load(in_ptr0 + (x2), xmask, eviction_policy='evict_last')
    tl.store(out_ptr0 + (x0 + ks1*ks2*x1 + ks2*ks3*x1 + ks2*ks4*x1), tmp0, xmask)
