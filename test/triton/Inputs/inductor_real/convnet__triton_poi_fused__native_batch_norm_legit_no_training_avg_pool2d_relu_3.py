# Inductor's Triton kernel triton_poi_fused__native_batch_norm_legit_no_training_avg_pool2d_relu_3, as PyTorch 2.11.0+cu130 wrote it
# (torch.compile(dynamic=True), cpu_backend="triton": the GPU codegen,
# no GPU) for bench/triton/tc_programs.py 'convnet' on its first "cuda" shape.
# The kernel body is Inductor's, unchanged; written by
# test/triton/inductor_real_extract.py.  SIGNATURE and ATTRS are
# Inductor's triton_meta (its 'signature', 'configs'[0]); CONFIG is the one
# triton_heuristics.pointwise chooses without autotuning for an sm_90 device
# (size_hints {'y': 128, 'x': 1024}; 6 config(s) when autotuning).
import triton
import triton.language as tl

import inductor_real_helpers as triton_helpers  # noqa: F401

PROGRAM = 'convnet'
KIND = 'pointwise'
SIZE_HINTS = {'y': 128, 'x': 1024}
SIGNATURE = {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'ks0': 'i64', 'ks1': 'i64', 'ks2': 'i64', 'ynumel': 'i32', 'xnumel': 'i32', 'YBLOCK': 'constexpr', 'XBLOCK': 'constexpr'}
ATTRS = {(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]]}
CONFIG = {'XBLOCK': 32, 'YBLOCK': 32, 'num_warps': 4, 'num_stages': 1}

@triton.jit
def triton_poi_fused__native_batch_norm_legit_no_training_avg_pool2d_relu_3(in_ptr0, out_ptr0, ks0, ks1, ks2, ynumel, xnumel, YBLOCK : tl.constexpr, XBLOCK : tl.constexpr):
    yoffset = (tl.program_id(1) + tl.program_id(2) * tl.num_programs(1)) * YBLOCK
    yindex = yoffset + tl.arange(0, YBLOCK)[:, None]
    ymask = yindex < ynumel
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[None, :]
    xmask = xindex < xnumel
    y0 = (yindex % ks0)
    x3 = xindex // 24
    x2 = (xindex % 24)
    y1 = yindex // ks0
    tmp0 = 2*y0
    tmp1 = tl.full([1, 1], 0, tl.int64)
    tmp2 = tmp0 >= tmp1
    tmp3 = ks1
    tmp4 = tmp0 < tmp3
    tmp5 = tmp2 & tmp4
    tmp6 = 2*x3
    tmp7 = tmp6 >= tmp1
    tmp8 = ks2
    tmp9 = tmp6 < tmp8
    tmp10 = tmp7 & tmp9
    tmp11 = tmp5 & tmp10
    tmp12 = tl.load(in_ptr0 + (x2 + 48*x3 + 48*ks2*y0 + 24*ks1*ks2*y1), tmp11 & xmask & ymask, eviction_policy='evict_last', other=0.0)
    tmp13 = 1 + 2*x3
    tmp14 = tmp13 >= tmp1
    tmp15 = tmp13 < tmp8
    tmp16 = tmp14 & tmp15
    tmp17 = tmp5 & tmp16
    tmp18 = tl.load(in_ptr0 + (24 + x2 + 48*x3 + 48*ks2*y0 + 24*ks1*ks2*y1), tmp17 & xmask & ymask, eviction_policy='evict_last', other=0.0)
    tmp19 = tmp12 + tmp18
    tmp20 = 1 + 2*y0
    tmp21 = tmp20 >= tmp1
    tmp22 = tmp20 < tmp3
    tmp23 = tmp21 & tmp22
    tmp24 = tmp23 & tmp10
    tmp25 = tl.load(in_ptr0 + (x2 + 24*ks2 + 48*x3 + 48*ks2*y0 + 24*ks1*ks2*y1), tmp24 & xmask & ymask, eviction_policy='evict_last', other=0.0)
    tmp26 = tmp19 + tmp25
    tmp27 = tmp23 & tmp16
    tmp28 = tl.load(in_ptr0 + (24 + x2 + 24*ks2 + 48*x3 + 48*ks2*y0 + 24*ks1*ks2*y1), tmp27 & xmask & ymask, eviction_policy='evict_last', other=0.0)
    tmp29 = tmp26 + tmp28
    tmp30 = ((ks1) * ((ks1) <= (2 + 2*y0)) + (2 + 2*y0) * ((2 + 2*y0) < (ks1)))*((ks2) * ((ks2) <= (2 + 2*x3)) + (2 + 2*x3) * ((2 + 2*x3) < (ks2))) + ((-2)*x3*((ks1) * ((ks1) <= (2 + 2*y0)) + (2 + 2*y0) * ((2 + 2*y0) < (ks1)))) + ((-2)*y0*((ks2) * ((ks2) <= (2 + 2*x3)) + (2 + 2*x3) * ((2 + 2*x3) < (ks2)))) + 4*x3*y0
    tmp31 = (tmp29 / tmp30)
    tl.store(out_ptr0 + (x2 + x3 + y0 + 24*y1 + x2*(triton_helpers.div_floor_integer((-1) + ks1,  2)) + x2*(triton_helpers.div_floor_integer((-1) + ks2,  2)) + y0*(triton_helpers.div_floor_integer((-1) + ks2,  2)) + 24*y1*(triton_helpers.div_floor_integer((-1) + ks1,  2)) + 24*y1*(triton_helpers.div_floor_integer((-1) + ks2,  2)) + x2*(triton_helpers.div_floor_integer((-1) + ks1,  2))*(triton_helpers.div_floor_integer((-1) + ks2,  2)) + 24*y1*(triton_helpers.div_floor_integer((-1) + ks1,  2))*(triton_helpers.div_floor_integer((-1) + ks2,  2))), tmp31, xmask & ymask)
