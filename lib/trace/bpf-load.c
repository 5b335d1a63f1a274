// SPDX-License-Identifier: GPL-2.0-only
/* Loading latt's own BPF programs: see lib/trace/bpf-load.h. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#ifdef HAVE_LIBBPF
#include <bpf/libbpf.h>

#include "trace/bpf-load.h"
#include "base/util.h"

/* libbpf's last warning (the verifier's reason), for the message. */
static char bpf_said[160];

static int keep_warning(enum libbpf_print_level level, const char *fmt,
			va_list ap)
{
	char line[sizeof(bpf_said)];
	size_t n;

	if (level != LIBBPF_WARN)
		return 0;
	latt_vfmt(line, sizeof(line), fmt, ap);
	n = strcspn(line, "\n");
	line[n] = '\0';
	/* The log's own frame says nothing. */
	if (n && !strstr(line, "-- BEGIN PROG LOAD LOG") &&
	    !strstr(line, "-- END PROG LOAD LOG"))
		snprintf(bpf_said, sizeof(bpf_said), "%s", line);
	return 0;
}

int latt_bpf_load(const char *obj, size_t len, const char *name,
		  struct bpf_object **out, char *err, size_t errlen)
{
	LIBBPF_OPTS(bpf_object_open_opts, opts, .object_name = name);
	struct bpf_object *o;
	int ret;

	*out = NULL;
	bpf_said[0] = '\0';
	libbpf_set_print(keep_warning);
	o = bpf_object__open_mem(obj, len, &opts);
	if (!o) {
		ret = -errno;
		latt_fmt(err, errlen, "cannot open its BPF program (%s)",
			 strerror(-ret));
		return ret < 0 ? ret : -EIO;
	}
	ret = bpf_object__load(o);
	if (ret) {
		latt_fmt(err, errlen, "cannot load its BPF program (%s%s%s)",
			 strerror(-ret), ret == -EPERM ? ": it needs "
			 "CAP_BPF and CAP_PERFMON, or CAP_SYS_ADMIN" :
			 ret == -ESRCH || ret == -ENOENT ? ": does the "
			 "kernel have BTF, /sys/kernel/btf/vmlinux?" :
			 bpf_said[0] ? "; libbpf: " : "", ret == -EPERM ||
			 ret == -ESRCH || ret == -ENOENT ? "" : bpf_said);
		bpf_object__close(o);
		return ret;
	}
	*out = o;
	return 0;
}
#endif /* HAVE_LIBBPF */
