# Inductor's Triton kernel triton_poi_fused_avg_pool2d_0, as PyTorch 2.11.0+cu130 wrote it
# (torch.compile(dynamic=True), cpu_backend="triton": the GPU codegen,
# no GPU) for bench/triton/tc_programs.py 'avgpool' on its first "cuda" shape.
# The kernel body is Inductor's, unchanged; written by
# test/triton/inductor_real_extract.py.  SIGNATURE and ATTRS are
# Inductor's triton_meta (its 'signature', 'configs'[0]); CONFIG is the one
# triton_heuristics.pointwise chooses without autotuning for an sm_90 device
# (size_hints {'y': 64, 'x': 1024}; 6 config(s) when autotuning).
import triton
import triton.language as tl

import inductor_real_helpers as triton_helpers  # noqa: F401

PROGRAM = 'avgpool'
KIND = 'pointwise'
SIZE_HINTS = {'y': 64, 'x': 1024}
SIGNATURE = {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'ks0': 'i64', 'ks1': 'i64', 'ks2': 'i64', 'ynumel': 'i32', 'xnumel': 'i32', 'YBLOCK': 'constexpr', 'XBLOCK': 'constexpr'}
ATTRS = {(1,): [['tt.divisibility', 16]]}
CONFIG = {'XBLOCK': 32, 'YBLOCK': 32, 'num_warps': 4, 'num_stages': 1}

@triton.jit
def triton_poi_fused_avg_pool2d_0(in_ptr0, out_ptr0, ks0, ks1, ks2, ynumel, xnumel, YBLOCK : tl.constexpr, XBLOCK : tl.constexpr):
    yoffset = (tl.program_id(1) + tl.program_id(2) * tl.num_programs(1)) * YBLOCK
    yindex = yoffset + tl.arange(0, YBLOCK)[:, None]
    ymask = yindex < ynumel
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[None, :]
    xmask = xindex < xnumel
    x2 = xindex // ks0
    x1 = (xindex % ks0)
    y0 = yindex
    tmp0 = (-1) + 2*x2
    tmp1 = tl.full([1, 1], 0, tl.int64)
    tmp2 = tmp0 >= tmp1
    tmp3 = ks1
    tmp4 = tmp0 < tmp3
    tmp5 = tmp2 & tmp4
    tmp6 = (-1) + 2*x1
    tmp7 = tmp6 >= tmp1
    tmp8 = ks2
    tmp9 = tmp6 < tmp8
    tmp10 = tmp7 & tmp9
    tmp11 = tmp5 & tmp10
    tmp12 = tl.load(in_ptr0 + ((-1) + ((-1)*ks2) + 2*x1 + 2*ks2*x2 + ks1*ks2*y0), tmp11 & xmask & ymask, eviction_policy='evict_last', other=0.0)
    tmp13 = 2*x1
    tmp14 = tmp13 >= tmp1
    tmp15 = tmp13 < tmp8
    tmp16 = tmp14 & tmp15
    tmp17 = tmp5 & tmp16
    tmp18 = tl.load(in_ptr0 + (((-1)*ks2) + 2*x1 + 2*ks2*x2 + ks1*ks2*y0), tmp17 & xmask & ymask, eviction_policy='evict_last', other=0.0)
    tmp19 = tmp12 + tmp18
    tmp20 = 1 + 2*x1
    tmp21 = tmp20 >= tmp1
    tmp22 = tmp20 < tmp8
    tmp23 = tmp21 & tmp22
    tmp24 = tmp5 & tmp23
    tmp25 = tl.load(in_ptr0 + (1 + ((-1)*ks2) + 2*x1 + 2*ks2*x2 + ks1*ks2*y0), tmp24 & xmask & ymask, eviction_policy='evict_last', other=0.0)
    tmp26 = tmp19 + tmp25
    tmp27 = 2*x2
    tmp28 = tmp27 >= tmp1
    tmp29 = tmp27 < tmp3
    tmp30 = tmp28 & tmp29
    tmp31 = tmp30 & tmp10
    tmp32 = tl.load(in_ptr0 + ((-1) + 2*x1 + 2*ks2*x2 + ks1*ks2*y0), tmp31 & xmask & ymask, eviction_policy='evict_last', other=0.0)
    tmp33 = tmp26 + tmp32
    tmp34 = tmp30 & tmp16
    tmp35 = tl.load(in_ptr0 + (2*x1 + 2*ks2*x2 + ks1*ks2*y0), tmp34 & xmask & ymask, eviction_policy='evict_last', other=0.0)
    tmp36 = tmp33 + tmp35
    tmp37 = tmp30 & tmp23
    tmp38 = tl.load(in_ptr0 + (1 + 2*x1 + 2*ks2*x2 + ks1*ks2*y0), tmp37 & xmask & ymask, eviction_policy='evict_last', other=0.0)
    tmp39 = tmp36 + tmp38
    tmp40 = 1 + 2*x2
    tmp41 = tmp40 >= tmp1
    tmp42 = tmp40 < tmp3
    tmp43 = tmp41 & tmp42
    tmp44 = tmp43 & tmp10
    tmp45 = tl.load(in_ptr0 + ((-1) + ks2 + 2*x1 + 2*ks2*x2 + ks1*ks2*y0), tmp44 & xmask & ymask, eviction_policy='evict_last', other=0.0)
    tmp46 = tmp39 + tmp45
    tmp47 = tmp43 & tmp16
    tmp48 = tl.load(in_ptr0 + (ks2 + 2*x1 + 2*ks2*x2 + ks1*ks2*y0), tmp47 & xmask & ymask, eviction_policy='evict_last', other=0.0)
    tmp49 = tmp46 + tmp48
    tmp50 = tmp43 & tmp23
    tmp51 = tl.load(in_ptr0 + (1 + ks2 + 2*x1 + 2*ks2*x2 + ks1*ks2*y0), tmp50 & xmask & ymask, eviction_policy='evict_last', other=0.0)
    tmp52 = tmp49 + tmp51
    tmp53 = 1 + ((-2)*x1) + ((-2)*x2) + ((1 + ks1) * ((1 + ks1) <= (2 + 2*x2)) + (2 + 2*x2) * ((2 + 2*x2) < (1 + ks1)))*((1 + ks2) * ((1 + ks2) <= (2 + 2*x1)) + (2 + 2*x1) * ((2 + 2*x1) < (1 + ks2))) + ((-2)*x1*((1 + ks1) * ((1 + ks1) <= (2 + 2*x2)) + (2 + 2*x2) * ((2 + 2*x2) < (1 + ks1)))) + ((-2)*x2*((1 + ks2) * ((1 + ks2) <= (2 + 2*x1)) + (2 + 2*x1) * ((2 + 2*x1) < (1 + ks2)))) + 4*x1*x2 + ((1 + ks1) * ((1 + ks1) <= (2 + 2*x2)) + (2 + 2*x2) * ((2 + 2*x2) < (1 + ks1))) + ((1 + ks2) * ((1 + ks2) <= (2 + 2*x1)) + (2 + 2*x1) * ((2 + 2*x1) < (1 + ks2)))
    tmp54 = (tmp52 / tmp53)
    tl.store(out_ptr0 + (x1 + x2 + y0 + x2*(triton_helpers.div_floor_integer((-1) + ks2,  2)) + y0*(triton_helpers.div_floor_integer((-1) + ks1,  2)) + y0*(triton_helpers.div_floor_integer((-1) + ks2,  2)) + y0*(triton_helpers.div_floor_integer((-1) + ks1,  2))*(triton_helpers.div_floor_integer((-1) + ks2,  2))), tmp54, xmask & ymask)
