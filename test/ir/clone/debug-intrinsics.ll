; md_clone.c on hand-written debug info: llvm.dbg.value / dbg.assign /
; dbg.label (intrinsics; LLVM >= 19 parses them into #dbg_ records, and
; LLVM 19 with --experimental-debuginfo-iterators=false keeps them as calls
; while the pass runs), !DIAssignID attachments (dropped from the clone:
; their dbg.assign users stay in the original), a lexical block (flattened
; into the clone's subprogram), an inlined-at chain, !llvm.loop locations.
; The cloner's test hook (plugin/testing/, built with -DMAGICDIV_TEST_HOOKS=ON):
; REQUIRES: test-hooks
; RUN: env MAGICDIV_CLONE_SELFTEST=1 %opt -load-pass-plugin=%plugin -passes=magicdiv,verify \
; RUN:   -S %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %t.ll -o /dev/null
; RUN: %if llvm19 %{ env MAGICDIV_CLONE_SELFTEST=1 %opt --experimental-debuginfo-iterators=false \
; RUN:   --write-experimental-debuginfo=false -load-pass-plugin=%plugin -passes=magicdiv,verify \
; RUN:   -S %s -o %t.old.ll %}
; RUN: %if llvm19 %{ %FileCheck %s < %t.old.ll %}

; CHECK-LABEL: define void @clone_me_old__clone(
; CHECK-SAME: ptr %out, i32 %n, i32 %0, i32 %1, i64 %2) !dbg ![[SP:[0-9]+]] {
; CHECK-NEXT: entry:
; CHECK-NEXT:   %a = alloca i32, align 4{{$}}
; CHECK-NEXT:   store i32 %n, ptr %a, align 4, !dbg ![[L2:[0-9]+]]{{$}}
; CHECK-NEXT:   br label %loop, !dbg ![[L3:[0-9]+]]
; CHECK:      loop:
; CHECK-NEXT:   %i = phi i32 [ 0, %entry ], [ %i.next, %loop ], !dbg ![[L4:[0-9]+]]
; CHECK-NEXT:   %i.next = add i32 %i, 1, !dbg ![[INL:[0-9]+]]
; CHECK-NEXT:   %c = icmp ult i32 %i.next, %n, !dbg ![[L6:[0-9]+]]
; CHECK-NEXT:   br i1 %c, label %loop, label %exit, !dbg ![[L6]], !llvm.loop ![[LOOP:[0-9]+]]
; CHECK:      exit:
; CHECK-NEXT:   store i32 %i.next, ptr %out, align 4, !dbg ![[L9:[0-9]+]]
; CHECK-NEXT:   ret void, !dbg ![[L9]]
; CHECK-NEXT: }

; CHECK: !llvm.dbg.cu = !{![[CU:[0-9]+]]}
; CHECK-DAG: ![[SP]] = distinct !DISubprogram(name: "clone_me_old__clone", linkageName: "clone_me_old__clone", scope: ![[FILE:[0-9]+]], file: ![[FILE]], line: 1, {{.*}}unit: ![[CU]])
; CHECK-DAG: ![[L2]] = !DILocation(line: 2, column: 7, scope: ![[SP]])
; CHECK-DAG: ![[L3]] = !DILocation(line: 3, column: 3, scope: ![[SP]])
; CHECK-DAG: ![[L4]] = !DILocation(line: 4, column: 5, scope: ![[SP]])
; CHECK-DAG: ![[INL]] = !DILocation(line: 21, column: 9, scope: ![[INLSP:[0-9]+]], inlinedAt: ![[AT:[0-9]+]])
; CHECK-DAG: ![[INLSP]] = distinct !DISubprogram(name: "inl",
; CHECK-DAG: ![[AT]] = !DILocation(line: 5, column: 9, scope: ![[SP]])
; CHECK-DAG: ![[L6]] = !DILocation(line: 6, column: 3, scope: ![[SP]])
; CHECK-DAG: ![[L9]] = !DILocation(line: 9, column: 1, scope: ![[SP]])
; CHECK-DAG: ![[LOOP]] = distinct !{![[LOOP]], ![[L3]], ![[L6]]}
target triple = "nvptx64-nvidia-cuda"

define void @clone_me_old(ptr %out, i32 %n) !dbg !5 {
entry:
  %a = alloca i32, align 4, !DIAssignID !30
  call void @llvm.dbg.assign(metadata i1 undef, metadata !12, metadata !DIExpression(), metadata !30, metadata ptr %a, metadata !DIExpression()), !dbg !13
  store i32 %n, ptr %a, align 4, !DIAssignID !31, !dbg !13
  call void @llvm.dbg.assign(metadata i32 %n, metadata !12, metadata !DIExpression(), metadata !31, metadata ptr %a, metadata !DIExpression()), !dbg !13
  call void @llvm.dbg.value(metadata i32 %n, metadata !12, metadata !DIExpression()), !dbg !13
  br label %loop, !dbg !14
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ], !dbg !15
  call void @llvm.dbg.value(metadata i32 %i, metadata !12, metadata !DIExpression()), !dbg !15
  call void @llvm.dbg.label(metadata !25), !dbg !15
  %i.next = add i32 %i, 1, !dbg !17
  %c = icmp ult i32 %i.next, %n, !dbg !19
  br i1 %c, label %loop, label %exit, !dbg !19, !llvm.loop !20
exit:
  store i32 %i.next, ptr %out, align 4, !dbg !16
  ret void, !dbg !16
}

declare void @llvm.dbg.value(metadata, metadata, metadata)
declare void @llvm.dbg.assign(metadata, metadata, metadata, metadata, metadata, metadata)
declare void @llvm.dbg.label(metadata)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "hand", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "old.c", directory: "/tmp")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"debug-info-assignment-tracking", i1 true}
!5 = distinct !DISubprogram(name: "clone_me_old", scope: !1, file: !1, line: 1, type: !6, scopeLine: 1, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !8)
!6 = !DISubroutineType(types: !7)
!7 = !{null}
!8 = !{!12}
!9 = distinct !DILexicalBlock(scope: !5, file: !1, line: 3, column: 3)
!10 = distinct !DISubprogram(name: "inl", scope: !1, file: !1, line: 20, type: !6, scopeLine: 20, spFlags: DISPFlagDefinition, unit: !0)
!11 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!12 = !DILocalVariable(name: "v", scope: !5, file: !1, line: 2, type: !11)
!13 = !DILocation(line: 2, column: 7, scope: !5)
!14 = !DILocation(line: 3, column: 3, scope: !9)
!15 = !DILocation(line: 4, column: 5, scope: !9)
!16 = !DILocation(line: 9, column: 1, scope: !5)
!17 = !DILocation(line: 21, column: 9, scope: !10, inlinedAt: !18)
!18 = !DILocation(line: 5, column: 9, scope: !9)
!19 = !DILocation(line: 6, column: 3, scope: !9)
!20 = distinct !{!20, !14, !19}
!25 = !DILabel(scope: !5, name: "top", file: !1, line: 3)
!30 = distinct !DIAssignID()
!31 = distinct !DIAssignID()
