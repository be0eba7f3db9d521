; ModuleID = 'clone-dbg.cu'
source_filename = "clone-dbg.cu"
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.Shape = type { i32, i32, i32, i32 }

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind willreturn memory(argmem: readwrite)
define dso_local ptx_kernel void @clone_me_reshape(ptr noundef writeonly captures(none) %0, ptr noundef readonly captures(none) %1, ptr noundef readonly byval(%struct.Shape) align 4 captures(none) %2) local_unnamed_addr #0 !dbg !15 {
    #dbg_value(ptr %0, !28, !DIExpression(), !35)
    #dbg_value(ptr %1, !29, !DIExpression(), !35)
    #dbg_declare(ptr %2, !30, !DIExpression(), !36)
  %4 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x(), !dbg !37
  %5 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x(), !dbg !46
  %6 = mul i32 %4, %5, !dbg !49
  %7 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !dbg !50
  %8 = add i32 %6, %7, !dbg !53
    #dbg_value(i32 %8, !31, !DIExpression(), !35)
  %9 = load i32, ptr %2, align 4, !dbg !54, !tbaa !56
  %10 = getelementptr inbounds nuw i8, ptr %2, i64 4, !dbg !58
  %11 = load i32, ptr %10, align 4, !dbg !58, !tbaa !59
  %12 = mul nsw i32 %11, %9, !dbg !60
  %13 = getelementptr inbounds nuw i8, ptr %2, i64 8, !dbg !61
  %14 = load i32, ptr %13, align 4, !dbg !61, !tbaa !62
  %15 = mul nsw i32 %12, %14, !dbg !63
  %16 = getelementptr inbounds nuw i8, ptr %2, i64 12, !dbg !64
  %17 = load i32, ptr %16, align 4, !dbg !64, !tbaa !65
  %18 = mul nsw i32 %15, %17, !dbg !66
  %19 = icmp slt i32 %8, %18, !dbg !67
  br i1 %19, label %20, label %40, !dbg !67

20:                                               ; preds = %3
  %21 = freeze i32 %17, !dbg !68
  %22 = sdiv i32 %8, %21, !dbg !68
  %23 = mul i32 %22, %21, !dbg !69
  %24 = sub i32 %8, %23, !dbg !69
    #dbg_value(i32 %24, !32, !DIExpression(), !35)
  %25 = freeze i32 %14, !dbg !70
  %26 = sdiv i32 %22, %25, !dbg !70
  %27 = mul i32 %26, %25, !dbg !71
  %28 = sub i32 %22, %27, !dbg !71
    #dbg_value(i32 %28, !33, !DIExpression(), !35)
  %29 = srem i32 %26, %11, !dbg !72
    #dbg_value(i32 %29, !34, !DIExpression(), !35)
  %30 = mul nsw i32 %29, %14, !dbg !73
  %31 = add nsw i32 %30, %28, !dbg !74
  %32 = mul nsw i32 %31, %17, !dbg !75
  %33 = add nsw i32 %32, %24, !dbg !76
  %34 = sext i32 %33 to i64, !dbg !77
  %35 = getelementptr inbounds i32, ptr %1, i64 %34, !dbg !77
  %36 = load i32, ptr %35, align 4, !dbg !77, !tbaa !11
  %37 = add nsw i32 %36, %29, !dbg !78
  %38 = sext i32 %8 to i64, !dbg !79
  %39 = getelementptr inbounds i32, ptr %0, i64 %38, !dbg !79
  store i32 %37, ptr %39, align 4, !dbg !80, !tbaa !11
  br label %40, !dbg !81

40:                                               ; preds = %3, %20
  ret void, !dbg !81
}

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind memory(argmem: write)
define dso_local ptx_kernel void @clone_me_loop(ptr noundef writeonly captures(none) %0, i32 noundef %1, i32 noundef %2) local_unnamed_addr #1 !dbg !82 {
    #dbg_value(ptr %0, !87, !DIExpression(), !93)
    #dbg_value(i32 %1, !88, !DIExpression(), !93)
    #dbg_value(i32 %2, !89, !DIExpression(), !93)
    #dbg_value(i32 0, !90, !DIExpression(), !93)
  %4 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x(), !dbg !94
  %5 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x(), !dbg !97
  %6 = mul i32 %4, %5, !dbg !99
  %7 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !dbg !100
  %8 = add i32 %6, %7, !dbg !102
    #dbg_value(i32 %8, !91, !DIExpression(), !103)
    #dbg_value(i32 0, !90, !DIExpression(), !93)
  %9 = icmp ult i32 %8, %1, !dbg !104
  br i1 %9, label %14, label %10, !dbg !106

10:                                               ; preds = %25, %3
  %11 = phi i32 [ 0, %3 ], [ %26, %25 ], !dbg !93
  %12 = zext i32 %8 to i64, !dbg !107
  %13 = getelementptr inbounds nuw i32, ptr %0, i64 %12, !dbg !107
  store i32 %11, ptr %13, align 4, !dbg !108, !tbaa !11
  ret void, !dbg !109

14:                                               ; preds = %3, %25
  %15 = phi i32 [ %27, %25 ], [ %8, %3 ]
  %16 = phi i32 [ %26, %25 ], [ 0, %3 ]
    #dbg_value(i32 %15, !91, !DIExpression(), !103)
    #dbg_value(i32 %16, !90, !DIExpression(), !93)
  %17 = urem i32 %15, 3, !dbg !110
  %18 = icmp eq i32 %17, 0, !dbg !113
  br i1 %18, label %19, label %22, !dbg !113

19:                                               ; preds = %14
  %20 = udiv i32 %15, %2, !dbg !114
  %21 = add i32 %20, %16, !dbg !115
    #dbg_value(i32 %21, !90, !DIExpression(), !93)
  br label %25, !dbg !116

22:                                               ; preds = %14
  %23 = urem i32 %15, %2, !dbg !117
  %24 = xor i32 %23, %16, !dbg !118
    #dbg_value(i32 %24, !90, !DIExpression(), !93)
  br label %25

25:                                               ; preds = %19, %22
  %26 = phi i32 [ %21, %19 ], [ %24, %22 ], !dbg !119
    #dbg_value(i32 %26, !90, !DIExpression(), !93)
  %27 = add i32 %15, 7, !dbg !120
    #dbg_value(i32 %27, !91, !DIExpression(), !103)
  %28 = icmp ult i32 %27, %1, !dbg !104
  br i1 %28, label %14, label %10, !dbg !106, !llvm.loop !121
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

attributes #0 = { mustprogress nofree noinline norecurse nosync nounwind willreturn memory(argmem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_90" "target-features"="+ptx88,+sm_90" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nofree noinline norecurse nosync nounwind memory(argmem: write) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_90" "target-features"="+ptx88,+sm_90" "uniform-work-group-size"="true" }
attributes #2 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!4, !5, !6, !7, !8, !9}
!llvm.ident = !{!10}
!llvm.errno.tbaa = !{!11}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "Debian clang version 22.1.8 (1~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !2, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "clone-dbg.cu", directory: ".")
!2 = !{!3}
!3 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!4 = !{i32 7, !"Dwarf Version", i32 2}
!5 = !{i32 2, !"Debug Info Version", i32 3}
!6 = !{i32 1, !"wchar_size", i32 4}
!7 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!8 = !{i32 7, !"frame-pointer", i32 2}
!9 = !{i32 7, !"debug-info-assignment-tracking", i1 true}
!10 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!11 = !{!12, !12, i64 0}
!12 = !{!"int", !13, i64 0}
!13 = !{!"omnipotent char", !14, i64 0}
!14 = !{!"Simple C++ TBAA"}
!15 = distinct !DISubprogram(name: "clone_me_reshape", scope: !1, file: !1, line: 20, type: !16, scopeLine: 20, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !27)
!16 = !DISubroutineType(types: !17)
!17 = !{null, !18, !19, !21}
!18 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !3, size: 64)
!19 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !20, size: 64)
!20 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !3)
!21 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "Shape", file: !1, line: 18, size: 128, flags: DIFlagTypePassByValue, elements: !22, identifier: "_ZTS5Shape")
!22 = !{!23, !24, !25, !26}
!23 = !DIDerivedType(tag: DW_TAG_member, name: "n", scope: !21, file: !1, line: 18, baseType: !3, size: 32)
!24 = !DIDerivedType(tag: DW_TAG_member, name: "c", scope: !21, file: !1, line: 18, baseType: !3, size: 32, offset: 32)
!25 = !DIDerivedType(tag: DW_TAG_member, name: "h", scope: !21, file: !1, line: 18, baseType: !3, size: 32, offset: 64)
!26 = !DIDerivedType(tag: DW_TAG_member, name: "w", scope: !21, file: !1, line: 18, baseType: !3, size: 32, offset: 96)
!27 = !{!28, !29, !30, !31, !32, !33, !34}
!28 = !DILocalVariable(name: "out", arg: 1, scope: !15, file: !1, line: 20, type: !18)
!29 = !DILocalVariable(name: "in", arg: 2, scope: !15, file: !1, line: 20, type: !19)
!30 = !DILocalVariable(name: "s", arg: 3, scope: !15, file: !1, line: 20, type: !21)
!31 = !DILocalVariable(name: "i", scope: !15, file: !1, line: 21, type: !3)
!32 = !DILocalVariable(name: "w", scope: !15, file: !1, line: 24, type: !3)
!33 = !DILocalVariable(name: "h", scope: !15, file: !1, line: 25, type: !3)
!34 = !DILocalVariable(name: "c", scope: !15, file: !1, line: 26, type: !3)
!35 = !DILocation(line: 0, scope: !15)
!36 = !DILocation(line: 20, column: 76, scope: !15)
!37 = !DILocation(line: 13, column: 50, scope: !38, inlinedAt: !43)
!38 = distinct !DISubprogram(name: "bid", linkageName: "_ZN6helperL3bidEv", scope: !39, file: !1, line: 13, type: !40, scopeLine: 13, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!39 = !DINamespace(name: "helper", scope: null)
!40 = !DISubroutineType(types: !41)
!41 = !{!42}
!42 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned)
!43 = distinct !DILocation(line: 15, column: 50, scope: !44, inlinedAt: !45)
!44 = distinct !DISubprogram(name: "idx", linkageName: "_ZN6helperL3idxEv", scope: !39, file: !1, line: 15, type: !40, scopeLine: 15, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!45 = distinct !DILocation(line: 21, column: 16, scope: !15)
!46 = !DILocation(line: 14, column: 51, scope: !47, inlinedAt: !48)
!47 = distinct !DISubprogram(name: "bdim", linkageName: "_ZN6helperL4bdimEv", scope: !39, file: !1, line: 14, type: !40, scopeLine: 14, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!48 = distinct !DILocation(line: 15, column: 58, scope: !44, inlinedAt: !45)
!49 = !DILocation(line: 15, column: 56, scope: !44, inlinedAt: !45)
!50 = !DILocation(line: 12, column: 50, scope: !51, inlinedAt: !52)
!51 = distinct !DISubprogram(name: "tid", linkageName: "_ZN6helperL3tidEv", scope: !39, file: !1, line: 12, type: !40, scopeLine: 12, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!52 = distinct !DILocation(line: 15, column: 67, scope: !44, inlinedAt: !45)
!53 = !DILocation(line: 15, column: 65, scope: !44, inlinedAt: !45)
!54 = !DILocation(line: 22, column: 14, scope: !55)
!55 = distinct !DILexicalBlock(scope: !15, file: !1, line: 22, column: 7)
!56 = !{!57, !12, i64 0}
!57 = !{!"_ZTS5Shape", !12, i64 0, !12, i64 4, !12, i64 8, !12, i64 12}
!58 = !DILocation(line: 22, column: 20, scope: !55)
!59 = !{!57, !12, i64 4}
!60 = !DILocation(line: 22, column: 16, scope: !55)
!61 = !DILocation(line: 22, column: 26, scope: !55)
!62 = !{!57, !12, i64 8}
!63 = !DILocation(line: 22, column: 22, scope: !55)
!64 = !DILocation(line: 22, column: 32, scope: !55)
!65 = !{!57, !12, i64 12}
!66 = !DILocation(line: 22, column: 28, scope: !55)
!67 = !DILocation(line: 22, column: 9, scope: !55)
!68 = !DILocation(line: 25, column: 14, scope: !15)
!69 = !DILocation(line: 24, column: 13, scope: !15)
!70 = !DILocation(line: 26, column: 20, scope: !15)
!71 = !DILocation(line: 25, column: 21, scope: !15)
!72 = !DILocation(line: 26, column: 27, scope: !15)
!73 = !DILocation(line: 27, column: 19, scope: !15)
!74 = !DILocation(line: 27, column: 26, scope: !15)
!75 = !DILocation(line: 27, column: 31, scope: !15)
!76 = !DILocation(line: 27, column: 37, scope: !15)
!77 = !DILocation(line: 27, column: 12, scope: !15)
!78 = !DILocation(line: 27, column: 42, scope: !15)
!79 = !DILocation(line: 27, column: 3, scope: !15)
!80 = !DILocation(line: 27, column: 10, scope: !15)
!81 = !DILocation(line: 28, column: 1, scope: !15)
!82 = distinct !DISubprogram(name: "clone_me_loop", scope: !1, file: !1, line: 30, type: !83, scopeLine: 30, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !86)
!83 = !DISubroutineType(types: !84)
!84 = !{null, !85, !42, !42}
!85 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !42, size: 64)
!86 = !{!87, !88, !89, !90, !91}
!87 = !DILocalVariable(name: "out", arg: 1, scope: !82, file: !1, line: 30, type: !85)
!88 = !DILocalVariable(name: "n", arg: 2, scope: !82, file: !1, line: 30, type: !42)
!89 = !DILocalVariable(name: "d", arg: 3, scope: !82, file: !1, line: 30, type: !42)
!90 = !DILocalVariable(name: "acc", scope: !82, file: !1, line: 31, type: !42)
!91 = !DILocalVariable(name: "k", scope: !92, file: !1, line: 32, type: !42)
!92 = distinct !DILexicalBlock(scope: !82, file: !1, line: 32, column: 3)
!93 = !DILocation(line: 0, scope: !82)
!94 = !DILocation(line: 13, column: 50, scope: !38, inlinedAt: !95)
!95 = distinct !DILocation(line: 15, column: 50, scope: !44, inlinedAt: !96)
!96 = distinct !DILocation(line: 32, column: 21, scope: !92)
!97 = !DILocation(line: 14, column: 51, scope: !47, inlinedAt: !98)
!98 = distinct !DILocation(line: 15, column: 58, scope: !44, inlinedAt: !96)
!99 = !DILocation(line: 15, column: 56, scope: !44, inlinedAt: !96)
!100 = !DILocation(line: 12, column: 50, scope: !51, inlinedAt: !101)
!101 = distinct !DILocation(line: 15, column: 67, scope: !44, inlinedAt: !96)
!102 = !DILocation(line: 15, column: 65, scope: !44, inlinedAt: !96)
!103 = !DILocation(line: 0, scope: !92)
!104 = !DILocation(line: 32, column: 38, scope: !105)
!105 = distinct !DILexicalBlock(scope: !92, file: !1, line: 32, column: 3)
!106 = !DILocation(line: 32, column: 3, scope: !92)
!107 = !DILocation(line: 38, column: 3, scope: !82)
!108 = !DILocation(line: 38, column: 22, scope: !82)
!109 = !DILocation(line: 39, column: 1, scope: !82)
!110 = !DILocation(line: 33, column: 11, scope: !111)
!111 = distinct !DILexicalBlock(scope: !112, file: !1, line: 33, column: 9)
!112 = distinct !DILexicalBlock(scope: !105, file: !1, line: 32, column: 51)
!113 = !DILocation(line: 33, column: 15, scope: !111)
!114 = !DILocation(line: 34, column: 16, scope: !111)
!115 = !DILocation(line: 34, column: 11, scope: !111)
!116 = !DILocation(line: 34, column: 7, scope: !111)
!117 = !DILocation(line: 36, column: 16, scope: !111)
!118 = !DILocation(line: 36, column: 11, scope: !111)
!119 = !DILocation(line: 0, scope: !111)
!120 = !DILocation(line: 32, column: 45, scope: !105)
!121 = distinct !{!121, !106, !122, !123}
!122 = !DILocation(line: 37, column: 3, scope: !92)
!123 = !{!"llvm.loop.mustprogress"}
