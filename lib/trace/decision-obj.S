/* SPDX-License-Identifier: GPL-2.0-only */
/* The BPF program of lib/trace/decision.bpf.c, compiled, as latt loads it. */
	.section .rodata
	.balign 8
	.globl	latt_decision_obj
latt_decision_obj:
	.incbin	"lib/trace/decision.bpf.o"
	.globl	latt_decision_obj_end
latt_decision_obj_end:
	.section .note.GNU-stack,"",@progbits
