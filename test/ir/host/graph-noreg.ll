; A host module that registers no kernel but edits graph nodes (a graph is
; often edited away from the file that launches its kernels): its graph
; calls are routed with an empty kernel table, and the module is marked
; done; its other calls stay.
; RUN: %opt -load-pass-plugin=%plugin -passes=magicdiv -S %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; CHECK: @__magicdiv_graph_api = private constant { i32, i32, ptr, ptr, ptr, i64 } { i32 1, i32 2, ptr @hipGraphKernelNodeGetParams, ptr null, ptr null, i64 0 }
; CHECK-LABEL: define i32 @find(
; CHECK: call i32 @md_hipGraphKernelNodeGetParams(ptr %n, ptr %p, ptr @__magicdiv_graph_api)
; CHECK: call i32 @hipGraphLaunch(ptr %n, ptr null)
; CHECK: !magicdiv.host = !{}

target triple = "x86_64-pc-linux-gnu"

declare i32 @hipGraphKernelNodeGetParams(ptr, ptr)
declare i32 @hipGraphLaunch(ptr, ptr)

define i32 @find(ptr %n, ptr %p) {
  %a = call i32 @hipGraphKernelNodeGetParams(ptr %n, ptr %p)
  %b = call i32 @hipGraphLaunch(ptr %n, ptr null)
  %r = or i32 %a, %b
  ret i32 %r
}
