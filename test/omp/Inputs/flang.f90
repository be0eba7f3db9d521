! A Fortran OpenMP offload program (test/omp/flang.test): a target region
! dividing by a value that changes between its launches.
program main
  implicit none
  integer, parameter :: n = 100000
  integer :: a(n), i, w, k
  integer(8) :: s
  s = 0
  do k = 1, 20
    w = 3 + k * 7
    !$omp target teams distribute parallel do map(from: a)
    do i = 1, n
      a(i) = (i / w) * 3 + mod(i, w)
    end do
    s = s + sum(int(a, 8))
  end do
  print *, s
end program
