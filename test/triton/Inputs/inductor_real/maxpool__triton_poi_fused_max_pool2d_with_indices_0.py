# Inductor's Triton kernel triton_poi_fused_max_pool2d_with_indices_0, as PyTorch 2.11.0+cu130 wrote it
# (torch.compile(dynamic=True), cpu_backend="triton": the GPU codegen,
# no GPU) for bench/triton/tc_programs.py 'maxpool' on its first "cuda" shape.
# The kernel body is Inductor's, unchanged; written by
# test/triton/inductor_real_extract.py.  SIGNATURE and ATTRS are
# Inductor's triton_meta (its 'signature', 'configs'[0]); CONFIG is the one
# triton_heuristics.pointwise chooses without autotuning for an sm_90 device
# (size_hints {'x': 65536}; 2 config(s) when autotuning).
import triton
import triton.language as tl

import inductor_real_helpers as triton_helpers  # noqa: F401

PROGRAM = 'maxpool'
KIND = 'pointwise'
SIZE_HINTS = {'x': 65536}
SIGNATURE = {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'ks0': 'i64', 'ks1': 'i64', 'ks2': 'i64', 'ks3': 'i64', 'ks4': 'i64', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}
ATTRS = {(1,): [['tt.divisibility', 16]]}
CONFIG = {'XBLOCK': 512, 'num_warps': 4, 'num_stages': 1}

@triton.jit
def triton_poi_fused_max_pool2d_with_indices_0(in_ptr0, out_ptr0, ks0, ks1, ks2, ks3, ks4, xnumel, XBLOCK : tl.constexpr):
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = (xindex % ks0)
    x1 = ((xindex // ks0) % ks1)
    x2 = xindex // ks2
    tmp0 = tl.load(in_ptr0 + (2*x0 + 2*ks3*x1 + ks3*ks4*x2), xmask, eviction_policy='evict_last')
    tmp1 = tl.load(in_ptr0 + (1 + 2*x0 + 2*ks3*x1 + ks3*ks4*x2), xmask, eviction_policy='evict_last')
    tmp3 = tl.load(in_ptr0 + (2 + 2*x0 + 2*ks3*x1 + ks3*ks4*x2), xmask, eviction_policy='evict_last')
    tmp5 = tl.load(in_ptr0 + (ks3 + 2*x0 + 2*ks3*x1 + ks3*ks4*x2), xmask, eviction_policy='evict_last')
    tmp7 = tl.load(in_ptr0 + (1 + ks3 + 2*x0 + 2*ks3*x1 + ks3*ks4*x2), xmask, eviction_policy='evict_last')
    tmp9 = tl.load(in_ptr0 + (2 + ks3 + 2*x0 + 2*ks3*x1 + ks3*ks4*x2), xmask, eviction_policy='evict_last')
    tmp11 = tl.load(in_ptr0 + (2*ks3 + 2*x0 + 2*ks3*x1 + ks3*ks4*x2), xmask, eviction_policy='evict_last')
    tmp13 = tl.load(in_ptr0 + (1 + 2*ks3 + 2*x0 + 2*ks3*x1 + ks3*ks4*x2), xmask, eviction_policy='evict_last')
    tmp15 = tl.load(in_ptr0 + (2 + 2*ks3 + 2*x0 + 2*ks3*x1 + ks3*ks4*x2), xmask, eviction_policy='evict_last')
    tmp2 = triton_helpers.maximum(tmp0, tmp1)
    tmp4 = triton_helpers.maximum(tmp2, tmp3)
    tmp6 = triton_helpers.maximum(tmp4, tmp5)
    tmp8 = triton_helpers.maximum(tmp6, tmp7)
    tmp10 = triton_helpers.maximum(tmp8, tmp9)
    tmp12 = triton_helpers.maximum(tmp10, tmp11)
    tmp14 = triton_helpers.maximum(tmp12, tmp13)
    tmp16 = triton_helpers.maximum(tmp14, tmp15)
    tl.store(out_ptr0 + (x0 + x1*((1) * ((1) >= (1 + (triton_helpers.div_floor_integer((-3) + ks3,  2)))) + (1 + (triton_helpers.div_floor_integer((-3) + ks3,  2))) * ((1 + (triton_helpers.div_floor_integer((-3) + ks3,  2))) > (1))) + x2*((1) * ((1) >= (1 + (triton_helpers.div_floor_integer((-3) + ks3,  2)))) + (1 + (triton_helpers.div_floor_integer((-3) + ks3,  2))) * ((1 + (triton_helpers.div_floor_integer((-3) + ks3,  2))) > (1)))*((1) * ((1) >= (1 + (triton_helpers.div_floor_integer((-3) + ks4,  2)))) + (1 + (triton_helpers.div_floor_integer((-3) + ks4,  2))) * ((1 + (triton_helpers.div_floor_integer((-3) + ks4,  2))) > (1)))), tmp16, xmask)
