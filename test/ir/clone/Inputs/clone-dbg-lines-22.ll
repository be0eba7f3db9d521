; ModuleID = 'clone-dbg.cu'
source_filename = "clone-dbg.cu"
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.Shape = type { i32, i32, i32, i32 }

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind willreturn memory(argmem: readwrite)
define dso_local ptx_kernel void @clone_me_reshape(ptr noundef writeonly captures(none) %0, ptr noundef readonly captures(none) %1, ptr noundef readonly byval(%struct.Shape) align 4 captures(none) %2) local_unnamed_addr #0 !dbg !12 {
  %4 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x(), !dbg !15
  %5 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x(), !dbg !20
  %6 = mul i32 %4, %5, !dbg !23
  %7 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !dbg !24
  %8 = add i32 %6, %7, !dbg !27
  %9 = load i32, ptr %2, align 4, !dbg !28, !tbaa !29
  %10 = getelementptr inbounds nuw i8, ptr %2, i64 4, !dbg !31
  %11 = load i32, ptr %10, align 4, !dbg !31, !tbaa !32
  %12 = mul nsw i32 %11, %9, !dbg !33
  %13 = getelementptr inbounds nuw i8, ptr %2, i64 8, !dbg !34
  %14 = load i32, ptr %13, align 4, !dbg !34, !tbaa !35
  %15 = mul nsw i32 %12, %14, !dbg !36
  %16 = getelementptr inbounds nuw i8, ptr %2, i64 12, !dbg !37
  %17 = load i32, ptr %16, align 4, !dbg !37, !tbaa !38
  %18 = mul nsw i32 %15, %17, !dbg !39
  %19 = icmp slt i32 %8, %18, !dbg !40
  br i1 %19, label %20, label %40, !dbg !40

20:                                               ; preds = %3
  %21 = freeze i32 %17, !dbg !41
  %22 = sdiv i32 %8, %21, !dbg !41
  %23 = mul i32 %22, %21, !dbg !42
  %24 = sub i32 %8, %23, !dbg !42
  %25 = freeze i32 %14, !dbg !43
  %26 = sdiv i32 %22, %25, !dbg !43
  %27 = mul i32 %26, %25, !dbg !44
  %28 = sub i32 %22, %27, !dbg !44
  %29 = srem i32 %26, %11, !dbg !45
  %30 = mul nsw i32 %29, %14, !dbg !46
  %31 = add nsw i32 %30, %28, !dbg !47
  %32 = mul nsw i32 %31, %17, !dbg !48
  %33 = add nsw i32 %32, %24, !dbg !49
  %34 = sext i32 %33 to i64, !dbg !50
  %35 = getelementptr inbounds i32, ptr %1, i64 %34, !dbg !50
  %36 = load i32, ptr %35, align 4, !dbg !50, !tbaa !8
  %37 = add nsw i32 %36, %29, !dbg !51
  %38 = sext i32 %8 to i64, !dbg !52
  %39 = getelementptr inbounds i32, ptr %0, i64 %38, !dbg !52
  store i32 %37, ptr %39, align 4, !dbg !53, !tbaa !8
  br label %40, !dbg !54

40:                                               ; preds = %3, %20
  ret void, !dbg !54
}

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind memory(argmem: write)
define dso_local ptx_kernel void @clone_me_loop(ptr noundef writeonly captures(none) %0, i32 noundef %1, i32 noundef %2) local_unnamed_addr #1 !dbg !55 {
  %4 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x(), !dbg !56
  %5 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x(), !dbg !59
  %6 = mul i32 %4, %5, !dbg !61
  %7 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !dbg !62
  %8 = add i32 %6, %7, !dbg !64
  %9 = icmp ult i32 %8, %1, !dbg !65
  br i1 %9, label %14, label %10, !dbg !66

10:                                               ; preds = %25, %3
  %11 = phi i32 [ 0, %3 ], [ %26, %25 ], !dbg !67
  %12 = zext i32 %8 to i64, !dbg !68
  %13 = getelementptr inbounds nuw i32, ptr %0, i64 %12, !dbg !68
  store i32 %11, ptr %13, align 4, !dbg !69, !tbaa !8
  ret void, !dbg !70

14:                                               ; preds = %3, %25
  %15 = phi i32 [ %27, %25 ], [ %8, %3 ]
  %16 = phi i32 [ %26, %25 ], [ 0, %3 ]
  %17 = urem i32 %15, 3, !dbg !71
  %18 = icmp eq i32 %17, 0, !dbg !72
  br i1 %18, label %19, label %22, !dbg !72

19:                                               ; preds = %14
  %20 = udiv i32 %15, %2, !dbg !73
  %21 = add i32 %20, %16, !dbg !74
  br label %25, !dbg !75

22:                                               ; preds = %14
  %23 = urem i32 %15, %2, !dbg !76
  %24 = xor i32 %23, %16, !dbg !77
  br label %25

25:                                               ; preds = %19, %22
  %26 = phi i32 [ %21, %19 ], [ %24, %22 ], !dbg !67
  %27 = add i32 %15, 7, !dbg !78
  %28 = icmp ult i32 %27, %1, !dbg !65
  br i1 %28, label %14, label %10, !dbg !66, !llvm.loop !79
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
!llvm.module.flags = !{!2, !3, !4, !5, !6}
!llvm.ident = !{!7}
!llvm.errno.tbaa = !{!8}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "Debian clang version 22.1.8 (1~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: DebugDirectivesOnly, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "clone-dbg.cu", directory: ".")
!2 = !{i32 7, !"Dwarf Version", i32 2}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!6 = !{i32 7, !"frame-pointer", i32 2}
!7 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!8 = !{!9, !9, i64 0}
!9 = !{!"int", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C++ TBAA"}
!12 = distinct !DISubprogram(name: "clone_me_reshape", scope: !1, file: !1, line: 20, type: !13, scopeLine: 20, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!13 = !DISubroutineType(types: !14)
!14 = !{}
!15 = !DILocation(line: 13, column: 50, scope: !16, inlinedAt: !17)
!16 = distinct !DISubprogram(name: "bid", scope: !1, file: !1, line: 13, type: !13, scopeLine: 13, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!17 = distinct !DILocation(line: 15, column: 50, scope: !18, inlinedAt: !19)
!18 = distinct !DISubprogram(name: "idx", scope: !1, file: !1, line: 15, type: !13, scopeLine: 15, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!19 = distinct !DILocation(line: 21, column: 16, scope: !12)
!20 = !DILocation(line: 14, column: 51, scope: !21, inlinedAt: !22)
!21 = distinct !DISubprogram(name: "bdim", scope: !1, file: !1, line: 14, type: !13, scopeLine: 14, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!22 = distinct !DILocation(line: 15, column: 58, scope: !18, inlinedAt: !19)
!23 = !DILocation(line: 15, column: 56, scope: !18, inlinedAt: !19)
!24 = !DILocation(line: 12, column: 50, scope: !25, inlinedAt: !26)
!25 = distinct !DISubprogram(name: "tid", scope: !1, file: !1, line: 12, type: !13, scopeLine: 12, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!26 = distinct !DILocation(line: 15, column: 67, scope: !18, inlinedAt: !19)
!27 = !DILocation(line: 15, column: 65, scope: !18, inlinedAt: !19)
!28 = !DILocation(line: 22, column: 14, scope: !12)
!29 = !{!30, !9, i64 0}
!30 = !{!"_ZTS5Shape", !9, i64 0, !9, i64 4, !9, i64 8, !9, i64 12}
!31 = !DILocation(line: 22, column: 20, scope: !12)
!32 = !{!30, !9, i64 4}
!33 = !DILocation(line: 22, column: 16, scope: !12)
!34 = !DILocation(line: 22, column: 26, scope: !12)
!35 = !{!30, !9, i64 8}
!36 = !DILocation(line: 22, column: 22, scope: !12)
!37 = !DILocation(line: 22, column: 32, scope: !12)
!38 = !{!30, !9, i64 12}
!39 = !DILocation(line: 22, column: 28, scope: !12)
!40 = !DILocation(line: 22, column: 9, scope: !12)
!41 = !DILocation(line: 25, column: 14, scope: !12)
!42 = !DILocation(line: 24, column: 13, scope: !12)
!43 = !DILocation(line: 26, column: 20, scope: !12)
!44 = !DILocation(line: 25, column: 21, scope: !12)
!45 = !DILocation(line: 26, column: 27, scope: !12)
!46 = !DILocation(line: 27, column: 19, scope: !12)
!47 = !DILocation(line: 27, column: 26, scope: !12)
!48 = !DILocation(line: 27, column: 31, scope: !12)
!49 = !DILocation(line: 27, column: 37, scope: !12)
!50 = !DILocation(line: 27, column: 12, scope: !12)
!51 = !DILocation(line: 27, column: 42, scope: !12)
!52 = !DILocation(line: 27, column: 3, scope: !12)
!53 = !DILocation(line: 27, column: 10, scope: !12)
!54 = !DILocation(line: 28, column: 1, scope: !12)
!55 = distinct !DISubprogram(name: "clone_me_loop", scope: !1, file: !1, line: 30, type: !13, scopeLine: 30, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!56 = !DILocation(line: 13, column: 50, scope: !16, inlinedAt: !57)
!57 = distinct !DILocation(line: 15, column: 50, scope: !18, inlinedAt: !58)
!58 = distinct !DILocation(line: 32, column: 21, scope: !55)
!59 = !DILocation(line: 14, column: 51, scope: !21, inlinedAt: !60)
!60 = distinct !DILocation(line: 15, column: 58, scope: !18, inlinedAt: !58)
!61 = !DILocation(line: 15, column: 56, scope: !18, inlinedAt: !58)
!62 = !DILocation(line: 12, column: 50, scope: !25, inlinedAt: !63)
!63 = distinct !DILocation(line: 15, column: 67, scope: !18, inlinedAt: !58)
!64 = !DILocation(line: 15, column: 65, scope: !18, inlinedAt: !58)
!65 = !DILocation(line: 32, column: 38, scope: !55)
!66 = !DILocation(line: 32, column: 3, scope: !55)
!67 = !DILocation(line: 0, scope: !55)
!68 = !DILocation(line: 38, column: 3, scope: !55)
!69 = !DILocation(line: 38, column: 22, scope: !55)
!70 = !DILocation(line: 39, column: 1, scope: !55)
!71 = !DILocation(line: 33, column: 11, scope: !55)
!72 = !DILocation(line: 33, column: 15, scope: !55)
!73 = !DILocation(line: 34, column: 16, scope: !55)
!74 = !DILocation(line: 34, column: 11, scope: !55)
!75 = !DILocation(line: 34, column: 7, scope: !55)
!76 = !DILocation(line: 36, column: 16, scope: !55)
!77 = !DILocation(line: 36, column: 11, scope: !55)
!78 = !DILocation(line: 32, column: 45, scope: !55)
!79 = distinct !{!79, !66, !80, !81}
!80 = !DILocation(line: 37, column: 3, scope: !55)
!81 = !{!"llvm.loop.mustprogress"}
