; md_clone.c refuses what it cannot copy faithfully, and then leaves no
; trace in the module: blockaddress(@f, ...) that escapes f's body (stored
; in a global or passed by another function: the clone would jump into f)
; or sits inside a constant
; expression, a musttail call (the clone's extra parameters break the
; matching prototype rule), and a clone name that is already taken.
; The cloner's test hook (plugin/testing/, built with -DMAGICDIV_TEST_HOOKS=ON):
; REQUIRES: test-hooks
; RUN: env MAGICDIV_CLONE_SELFTEST=1 %opt -load-pass-plugin=%plugin \
; RUN:   -passes=magicdiv,verify -S %s -o %t.ll 2>&1 | %FileCheck %s --check-prefix=ERR
; RUN: %FileCheck %s < %t.ll

; ERR-DAG: md_clone_selftest: refused 'clone_me_escape__clone': address of a block used outside the function
; ERR-DAG: md_clone_selftest: refused 'clone_me_xfn__clone': address of a block used outside the function
; ERR-DAG: md_clone_selftest: refused 'clone_me_nested__clone': blockaddress of itself inside a constant expression
; ERR-DAG: md_clone_selftest: refused 'clone_me_musttail__clone': musttail call
; ERR-DAG: md_clone_selftest: refused 'clone_me_taken__clone': name already taken
; ERR-NOT: refused

; CHECK-NOT: define {{.*}}__clone(
; CHECK: @tbl = global [1 x ptr] [ptr blockaddress(@clone_me_escape, %l1)]
; CHECK: @clone_me_taken__clone = global i32 7
; CHECK-NOT: define {{.*}}__clone(
; CHECK: define i32 @clone_me_ok__clone(i32 %x, i32 %0, i32 %1, i64 %2)
; CHECK-NOT: define {{.*}}__clone(

@tbl = global [1 x ptr] [ptr blockaddress(@clone_me_escape, %l1)]
@clone_me_taken__clone = global i32 7

define i32 @clone_me_escape(i32 %x) {
entry:
  %t = load ptr, ptr @tbl
  indirectbr ptr %t, [label %l1]
l1:
  ret i32 %x
}

define i32 @clone_me_xfn(ptr %t) {
entry:
  indirectbr ptr %t, [label %l1]
l1:
  ret i32 0
}

define i32 @passes_label() {
  %r = call i32 @clone_me_xfn(ptr blockaddress(@clone_me_xfn, %l1))
  ret i32 %r
}

define i64 @clone_me_nested(i1 %c) {
entry:
  br i1 %c, label %l1, label %l2
l1:
  ret i64 sub (i64 ptrtoint (ptr blockaddress(@clone_me_nested, %l2) to i64), i64 ptrtoint (ptr blockaddress(@clone_me_nested, %l1) to i64))
l2:
  ret i64 2
}

declare i32 @callee(i32)

define i32 @clone_me_musttail(i32 %x) {
  %r = musttail call i32 @callee(i32 %x)
  ret i32 %r
}

define i32 @clone_me_taken(i32 %x) {
  ret i32 %x
}

define i32 @clone_me_ok(i32 %x) {
  %r = tail call i32 @callee(i32 %x)
  ret i32 %r
}
