/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Loading a BPF program latt carries in itself (compiled for the bpf
 * target, put into the library as it is): shared by --explain's decisions
 * (lib/trace/decision.c) and the command's own waits (lib/trace/cmdlat.c).
 */
#ifndef LATT_TRACE_BPF_LOAD_H
#define LATT_TRACE_BPF_LOAD_H

#ifdef HAVE_LIBBPF
#include <stddef.h>

struct bpf_object;

/*
 * Open the object of @len bytes at @obj, named @name, and load it into
 * the kernel (relocated to its BTF).  0 with the object in *@out, or
 * -errno with one line in @err: what it needs (the rights, the kernel's
 * BTF) or libbpf's last warning (the verifier's reason).
 */
int latt_bpf_load(const char *obj, size_t len, const char *name,
		  struct bpf_object **out, char *err, size_t errlen);
#endif

#endif /* LATT_TRACE_BPF_LOAD_H */
