/* SPDX-License-Identifier: GPL-2.0-only */
/* The BPF program of lib/trace/cmdlat.bpf.c, compiled, as latt loads it. */
	.section .rodata
	.balign 8
	.globl	latt_cmdlat_obj
latt_cmdlat_obj:
	.incbin	"lib/trace/cmdlat.bpf.o"
	.globl	latt_cmdlat_obj_end
latt_cmdlat_obj_end:
	.section .note.GNU-stack,"",@progbits
