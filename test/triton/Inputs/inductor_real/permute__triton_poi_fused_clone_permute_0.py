# Inductor's Triton kernel triton_poi_fused_clone_permute_0, as PyTorch 2.11.0+cu130 wrote it
# (torch.compile(dynamic=True), cpu_backend="triton": the GPU codegen,
# no GPU) for bench/triton/tc_programs.py 'permute' on its first "cuda" shape.
# The kernel body is Inductor's, unchanged; written by
# test/triton/inductor_real_extract.py.  SIGNATURE and ATTRS are
# Inductor's triton_meta (its 'signature', 'configs'[0]); CONFIG is the one
# triton_heuristics.pointwise chooses without autotuning for an sm_90 device
# (size_hints {'y': 512, 'x': 2048}; 6 config(s) when autotuning).
import triton
import triton.language as tl

import inductor_real_helpers as triton_helpers  # noqa: F401

PROGRAM = 'permute'
KIND = 'pointwise'
SIZE_HINTS = {'y': 512, 'x': 2048}
SIGNATURE = {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'ks0': 'i64', 'ks1': 'i64', 'ks2': 'i64', 'ynumel': 'i32', 'xnumel': 'i32', 'YBLOCK': 'constexpr', 'XBLOCK': 'constexpr'}
ATTRS = {(1,): [['tt.divisibility', 16]]}
CONFIG = {'XBLOCK': 32, 'YBLOCK': 32, 'num_warps': 4, 'num_stages': 1}

@triton.jit
def triton_poi_fused_clone_permute_0(in_ptr0, out_ptr0, ks0, ks1, ks2, ynumel, xnumel, YBLOCK : tl.constexpr, XBLOCK : tl.constexpr):
    yoffset = (tl.program_id(1) + tl.program_id(2) * tl.num_programs(1)) * YBLOCK
    yindex = yoffset + tl.arange(0, YBLOCK)[:, None]
    ymask = yindex < ynumel
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[None, :]
    xmask = xindex < xnumel
    x2 = xindex
    y0 = (yindex % ks0)
    y1 = yindex // ks0
    y3 = yindex
    tmp0 = tl.load(in_ptr0 + (y0 + ks0*x2 + ks0*ks1*ks2*y1), xmask & ymask, eviction_policy='evict_last')
    tl.store(out_ptr0 + (x2 + ks1*ks2*y3), tmp0, xmask & ymask)
