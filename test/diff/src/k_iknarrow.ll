; k_iknarrow.ll -- test kernels of the in-kernel narrow form: 64-bit
; divisions whose dividend fits 32 bits (PyTorch Inductor's i32 index
; sign-extended and divided by an i64 size, in DivRemPairs' form: the
; dividend and the divisor frozen, the remainder x - q * d).  Compiled
; twice: transformed, and (names ikn_ -> ref_) as the reference.  Driver:
; d_iknarrow.c.
;   ikn_index  four elements of pid << 10 | t & 127 | 128 j (no nsw: of
;              unknown sign, the sign guard), q and r by ks0, q % ks1 (a
;              64-bit dividend: the s64 form or native), x / ks1 unfrozen;
;   ikn_loop   the reduction's loop: r | t & 127, r stepping by `step`
;              (wrapping into the negatives), q and r by ks0;
;   ikn_u      u64 / and % of a zext'd loaded u32, frozen;
;   ikn_nneg   s64 / and % of zext nneg (x & INT32_MAX);
;   ikn_i16    s64 / and % of a sext'd i16 (exhaustive in the driver);
;   ikn_wide   s64 / of a loaded i64 by the same divisor (the s64 form);
;   ikn_zext   s64 / and % of a zext'd u32 (up to 2^32 - 1: the s32
;              core's unsigned form);
;   ikn_chain  (x // ks0) % ks1 with ks0 read through a pointer (left
;              alone): the quotient fits 32 bits only where x >= 0, which
;              only the remainders' need puts into the sign guard;
;   ikn_chainloop  q = x / ks0 once (native), q % ks1 in a loop: q >= 0
;              needs x >= 0 and ks0 >= 0, both tested by the guard (ks0
;              an i64).

@.str = private unnamed_addr constant [16 x i8] c"magicdiv-kernel\00", section "llvm.metadata"
@.file = private unnamed_addr constant [14 x i8] c"k_iknarrow.ll\00", section "llvm.metadata"
@llvm.global.annotations = appending global [9 x { ptr, ptr, ptr, i32, ptr }] [{ ptr, ptr, ptr, i32, ptr } { ptr @ikn_index, ptr @.str, ptr @.file, i32 1, ptr null }, { ptr, ptr, ptr, i32, ptr } { ptr @ikn_loop, ptr @.str, ptr @.file, i32 2, ptr null }, { ptr, ptr, ptr, i32, ptr } { ptr @ikn_u, ptr @.str, ptr @.file, i32 3, ptr null }, { ptr, ptr, ptr, i32, ptr } { ptr @ikn_nneg, ptr @.str, ptr @.file, i32 4, ptr null }, { ptr, ptr, ptr, i32, ptr } { ptr @ikn_i16, ptr @.str, ptr @.file, i32 5, ptr null }, { ptr, ptr, ptr, i32, ptr } { ptr @ikn_wide, ptr @.str, ptr @.file, i32 6, ptr null }, { ptr, ptr, ptr, i32, ptr } { ptr @ikn_zext, ptr @.str, ptr @.file, i32 7, ptr null }, { ptr, ptr, ptr, i32, ptr } { ptr @ikn_chain, ptr @.str, ptr @.file, i32 8, ptr null }, { ptr, ptr, ptr, i32, ptr } { ptr @ikn_chainloop, ptr @.str, ptr @.file, i32 9, ptr null }], section "llvm.metadata"

define void @ikn_index(ptr %out, i32 %pid, i32 %t, i64 %ks0, i64 %ks1) {
entry:
  %sh = shl i32 %pid, 10
  %tt = and i32 %t, 127
  %x0 = or disjoint i32 %sh, %tt
  %x1 = or disjoint i32 %x0, 128
  %x2 = or disjoint i32 %x0, 256
  %x3 = or disjoint i32 %x0, 384
  %s0 = sext i32 %x0 to i64
  %f0 = freeze i64 %s0
  %d0 = freeze i64 %ks0
  %q0 = sdiv i64 %f0, %d0
  %m0 = mul i64 %q0, %d0
  %r0 = sub i64 %f0, %m0
  %s1 = sext i32 %x1 to i64
  %f1 = freeze i64 %s1
  %d1 = freeze i64 %ks0
  %q1 = sdiv i64 %f1, %d1
  %m1 = mul i64 %q1, %d1
  %r1 = sub i64 %f1, %m1
  %s2 = sext i32 %x2 to i64
  %f2 = freeze i64 %s2
  %d2 = freeze i64 %ks0
  %q2 = sdiv i64 %f2, %d2
  %m2 = mul i64 %q2, %d2
  %r2 = sub i64 %f2, %m2
  %s3 = sext i32 %x3 to i64
  %f3 = freeze i64 %s3
  %d3 = freeze i64 %ks0
  %q3 = sdiv i64 %f3, %d3
  %m3 = mul i64 %q3, %d3
  %r3 = sub i64 %f3, %m3
  %c0 = srem i64 %q0, %ks1
  %e0 = sdiv i64 %s0, %ks1
  %c1 = srem i64 %q1, %ks1
  %e1 = sdiv i64 %s1, %ks1
  %c2 = srem i64 %q2, %ks1
  %e2 = sdiv i64 %s2, %ks1
  %c3 = srem i64 %q3, %ks1
  %e3 = sdiv i64 %s3, %ks1
  %p0q = getelementptr i64, ptr %out, i32 0
  store i64 %q0, ptr %p0q, align 8
  %p0r = getelementptr i64, ptr %out, i32 1
  store i64 %r0, ptr %p0r, align 8
  %p0c = getelementptr i64, ptr %out, i32 2
  store i64 %c0, ptr %p0c, align 8
  %p0e = getelementptr i64, ptr %out, i32 3
  store i64 %e0, ptr %p0e, align 8
  %p1q = getelementptr i64, ptr %out, i32 4
  store i64 %q1, ptr %p1q, align 8
  %p1r = getelementptr i64, ptr %out, i32 5
  store i64 %r1, ptr %p1r, align 8
  %p1c = getelementptr i64, ptr %out, i32 6
  store i64 %c1, ptr %p1c, align 8
  %p1e = getelementptr i64, ptr %out, i32 7
  store i64 %e1, ptr %p1e, align 8
  %p2q = getelementptr i64, ptr %out, i32 8
  store i64 %q2, ptr %p2q, align 8
  %p2r = getelementptr i64, ptr %out, i32 9
  store i64 %r2, ptr %p2r, align 8
  %p2c = getelementptr i64, ptr %out, i32 10
  store i64 %c2, ptr %p2c, align 8
  %p2e = getelementptr i64, ptr %out, i32 11
  store i64 %e2, ptr %p2e, align 8
  %p3q = getelementptr i64, ptr %out, i32 12
  store i64 %q3, ptr %p3q, align 8
  %p3r = getelementptr i64, ptr %out, i32 13
  store i64 %r3, ptr %p3r, align 8
  %p3c = getelementptr i64, ptr %out, i32 14
  store i64 %c3, ptr %p3c, align 8
  %p3e = getelementptr i64, ptr %out, i32 15
  store i64 %e3, ptr %p3e, align 8
  ret void
}

define void @ikn_loop(ptr %out, i32 %t, i64 %ks0, i32 %n, i32 %step) {
entry:
  %tt = and i32 %t, 127
  %any = icmp sgt i32 %n, 0
  br i1 %any, label %loop, label %done

loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %r = phi i32 [ 0, %entry ], [ %rn, %loop ]
  %x = or i32 %r, %tt
  %xs = sext i32 %x to i64
  %f = freeze i64 %xs
  %df = freeze i64 %ks0
  %q = sdiv i64 %f, %df
  %m = mul i64 %q, %df
  %rem = sub i64 %f, %m
  %i2 = shl i32 %i, 1
  %pq = getelementptr i64, ptr %out, i32 %i2
  store i64 %q, ptr %pq, align 8
  %i3 = or disjoint i32 %i2, 1
  %pr = getelementptr i64, ptr %out, i32 %i3
  store i64 %rem, ptr %pr, align 8
  %rn = add i32 %r, %step
  %i1 = add nuw nsw i32 %i, 1
  %more = icmp slt i32 %i1, %n
  br i1 %more, label %loop, label %done

done:
  ret void
}

define void @ikn_u(ptr %out, ptr %in, i64 %d, i32 %n) {
entry:
  %any = icmp sgt i32 %n, 0
  br i1 %any, label %loop, label %done

loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %pi = getelementptr i32, ptr %in, i32 %i
  %x = load i32, ptr %pi, align 4
  %z = zext i32 %x to i64
  %f = freeze i64 %z
  %df = freeze i64 %d
  %q = udiv i64 %f, %df
  %m = mul i64 %q, %df
  %rem = sub i64 %f, %m
  %i2 = shl i32 %i, 1
  %pq = getelementptr i64, ptr %out, i32 %i2
  store i64 %q, ptr %pq, align 8
  %i3 = or disjoint i32 %i2, 1
  %pr = getelementptr i64, ptr %out, i32 %i3
  store i64 %rem, ptr %pr, align 8
  %i1 = add nuw nsw i32 %i, 1
  %more = icmp slt i32 %i1, %n
  br i1 %more, label %loop, label %done

done:
  ret void
}

define void @ikn_nneg(ptr %out, ptr %in, i64 %d, i32 %n) {
entry:
  %any = icmp sgt i32 %n, 0
  br i1 %any, label %loop, label %done

loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %pi = getelementptr i32, ptr %in, i32 %i
  %x = load i32, ptr %pi, align 4
  %xa = and i32 %x, 2147483647
  %z = zext nneg i32 %xa to i64
  %q = sdiv i64 %z, %d
  %rem = srem i64 %z, %d
  %i2 = shl i32 %i, 1
  %pq = getelementptr i64, ptr %out, i32 %i2
  store i64 %q, ptr %pq, align 8
  %i3 = or disjoint i32 %i2, 1
  %pr = getelementptr i64, ptr %out, i32 %i3
  store i64 %rem, ptr %pr, align 8
  %i1 = add nuw nsw i32 %i, 1
  %more = icmp slt i32 %i1, %n
  br i1 %more, label %loop, label %done

done:
  ret void
}

define void @ikn_i16(ptr %out, ptr %in, i64 %d, i32 %n) {
entry:
  %any = icmp sgt i32 %n, 0
  br i1 %any, label %loop, label %done

loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %pi = getelementptr i16, ptr %in, i32 %i
  %x = load i16, ptr %pi, align 4
  %z = sext i16 %x to i64
  %q = sdiv i64 %z, %d
  %rem = srem i64 %z, %d
  %i2 = shl i32 %i, 1
  %pq = getelementptr i64, ptr %out, i32 %i2
  store i64 %q, ptr %pq, align 8
  %i3 = or disjoint i32 %i2, 1
  %pr = getelementptr i64, ptr %out, i32 %i3
  store i64 %rem, ptr %pr, align 8
  %i1 = add nuw nsw i32 %i, 1
  %more = icmp slt i32 %i1, %n
  br i1 %more, label %loop, label %done

done:
  ret void
}

define void @ikn_wide(ptr %out, ptr %in, i64 %d, i32 %n) {
entry:
  %any = icmp sgt i32 %n, 0
  br i1 %any, label %loop, label %done

loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %pi = getelementptr i64, ptr %in, i32 %i
  %x = load i64, ptr %pi, align 4
  %q = sdiv i64 %x, %d
  %rem = srem i64 %x, %d
  %i2 = shl i32 %i, 1
  %pq = getelementptr i64, ptr %out, i32 %i2
  store i64 %q, ptr %pq, align 8
  %i3 = or disjoint i32 %i2, 1
  %pr = getelementptr i64, ptr %out, i32 %i3
  store i64 %rem, ptr %pr, align 8
  %i1 = add nuw nsw i32 %i, 1
  %more = icmp slt i32 %i1, %n
  br i1 %more, label %loop, label %done

done:
  ret void
}

define void @ikn_zext(ptr %out, ptr %in, i64 %d, i32 %n) {
entry:
  %any = icmp sgt i32 %n, 0
  br i1 %any, label %loop, label %done

loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %pi = getelementptr i32, ptr %in, i32 %i
  %x = load i32, ptr %pi, align 4
  %z = zext i32 %x to i64
  %q = sdiv i64 %z, %d
  %rem = srem i64 %z, %d
  %i2 = shl i32 %i, 1
  %pq = getelementptr i64, ptr %out, i32 %i2
  store i64 %q, ptr %pq, align 8
  %i3 = or disjoint i32 %i2, 1
  %pr = getelementptr i64, ptr %out, i32 %i3
  store i64 %rem, ptr %pr, align 8
  %i1 = add nuw nsw i32 %i, 1
  %more = icmp slt i32 %i1, %n
  br i1 %more, label %loop, label %done

done:
  ret void
}

define void @ikn_chain(ptr %out, i32 %pid, i32 %t, ptr %pks0, i64 %ks1) {
entry:
  %ks0 = load i64, ptr %pks0, align 8
  %sh = shl i32 %pid, 10
  %tt = and i32 %t, 127
  %x0 = or disjoint i32 %sh, %tt
  %x1 = or disjoint i32 %x0, 128
  %x2 = or disjoint i32 %x0, 256
  %x3 = or disjoint i32 %x0, 384
  %s0 = sext i32 %x0 to i64
  %q0 = sdiv i64 %s0, %ks0
  %c0 = srem i64 %q0, %ks1
  %p0 = getelementptr i64, ptr %out, i32 0
  store i64 %c0, ptr %p0, align 8
  %s1 = sext i32 %x1 to i64
  %q1 = sdiv i64 %s1, %ks0
  %c1 = srem i64 %q1, %ks1
  %p1 = getelementptr i64, ptr %out, i32 1
  store i64 %c1, ptr %p1, align 8
  %s2 = sext i32 %x2 to i64
  %q2 = sdiv i64 %s2, %ks0
  %c2 = srem i64 %q2, %ks1
  %p2 = getelementptr i64, ptr %out, i32 2
  store i64 %c2, ptr %p2, align 8
  %s3 = sext i32 %x3 to i64
  %q3 = sdiv i64 %s3, %ks0
  %c3 = srem i64 %q3, %ks1
  %p3 = getelementptr i64, ptr %out, i32 3
  store i64 %c3, ptr %p3, align 8
  ret void
}

define void @ikn_chainloop(ptr %out, i32 %pid, i32 %t, i64 %ks0, i64 %ks1, i32 %n) {
entry:
  %sh = shl i32 %pid, 10
  %tt = and i32 %t, 127
  %x = or disjoint i32 %sh, %tt
  %s = sext i32 %x to i64
  %q = sdiv i64 %s, %ks0
  %any = icmp sgt i32 %n, 0
  br i1 %any, label %loop, label %done

loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %c = srem i64 %q, %ks1
  %p = getelementptr i64, ptr %out, i32 %i
  store i64 %c, ptr %p, align 8
  %i1 = add nuw nsw i32 %i, 1
  %more = icmp slt i32 %i1, %n
  br i1 %more, label %loop, label %done

done:
  %pq = getelementptr i64, ptr %out, i32 %n
  store i64 %q, ptr %pq, align 8
  ret void
}
