; k_ikfreeze.ll -- test kernels of the in-kernel magic on a vector division
; by a frozen splat: DivRemPairs' form of Triton's i64 index math
; (Inductor's `xindex // ks0` with i64 sizes, XBLOCK elements per thread):
; the dividend and the splat of the divisor frozen, the quotient a vector
; sdiv, the remainder x - q * d.  In a loop (several uses per thread).
; ik_fz_v8s64: <8 x i32> dividends sign-extended, i64 divisor (signed);
; ik_fz_v4u32: <4 x i32> by an i32 divisor (unsigned).  Compiled twice:
; transformed, and (names with _ref) as the reference.  Driver:
; d_ikfreeze.c.

@.str = private unnamed_addr constant [16 x i8] c"magicdiv-kernel\00", section "llvm.metadata"
@.file = private unnamed_addr constant [16 x i8] c"k_ikfreeze.ll\00\00\00", section "llvm.metadata"
@llvm.global.annotations = appending global [2 x { ptr, ptr, ptr, i32, ptr }] [{ ptr, ptr, ptr, i32, ptr } { ptr @ik_fz_v8s64, ptr @.str, ptr @.file, i32 1, ptr null }, { ptr, ptr, ptr, i32, ptr } { ptr @ik_fz_v4u32, ptr @.str, ptr @.file, i32 2, ptr null }], section "llvm.metadata"

define void @ik_fz_v8s64(ptr %out, ptr %in, i64 %d, i32 %n) {
entry:
  %any = icmp sgt i32 %n, 0
  br i1 %any, label %loop, label %done

loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %pi = getelementptr <8 x i32>, ptr %in, i32 %i
  %x32 = load <8 x i32>, ptr %pi, align 4
  %x = sext <8 x i32> %x32 to <8 x i64>
  %ins = insertelement <8 x i64> poison, i64 %d, i64 0
  %spl = shufflevector <8 x i64> %ins, <8 x i64> poison, <8 x i32> zeroinitializer
  %xf = freeze <8 x i64> %x
  %df = freeze <8 x i64> %spl
  %q = sdiv <8 x i64> %xf, %df
  %m = mul <8 x i64> %q, %df
  %r = sub <8 x i64> %xf, %m
  %i2 = shl i32 %i, 1
  %pq = getelementptr <8 x i64>, ptr %out, i32 %i2
  store <8 x i64> %q, ptr %pq, align 8
  %i3 = or disjoint i32 %i2, 1
  %pr = getelementptr <8 x i64>, ptr %out, i32 %i3
  store <8 x i64> %r, ptr %pr, align 8
  %i1 = add nuw nsw i32 %i, 1
  %more = icmp slt i32 %i1, %n
  br i1 %more, label %loop, label %done

done:
  ret void
}

define void @ik_fz_v4u32(ptr %out, ptr %in, i32 %d, i32 %n) {
entry:
  %any = icmp sgt i32 %n, 0
  br i1 %any, label %loop, label %done

loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %pi = getelementptr <4 x i32>, ptr %in, i32 %i
  %x = load <4 x i32>, ptr %pi, align 4
  %ins = insertelement <4 x i32> poison, i32 %d, i64 0
  %spl = shufflevector <4 x i32> %ins, <4 x i32> poison, <4 x i32> zeroinitializer
  %xf = freeze <4 x i32> %x
  %df = freeze <4 x i32> %spl
  %q = udiv <4 x i32> %xf, %df
  %m = mul <4 x i32> %q, %df
  %r = sub <4 x i32> %xf, %m
  %i2 = shl i32 %i, 1
  %pq = getelementptr <4 x i32>, ptr %out, i32 %i2
  store <4 x i32> %q, ptr %pq, align 4
  %i3 = or disjoint i32 %i2, 1
  %pr = getelementptr <4 x i32>, ptr %out, i32 %i3
  store <4 x i32> %r, ptr %pr, align 4
  %i1 = add nuw nsw i32 %i, 1
  %more = icmp slt i32 %i1, %n
  br i1 %more, label %loop, label %done

done:
  ret void
}
