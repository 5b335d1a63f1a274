$SHELLPACK_TOPLEVEL/shellpack_src/src/refresh.sh latt

run_bench() {
	$SHELLPACK_INCLUDE/shellpack-bench-latt					\
		${LATT_BACKGROUND:+--background $LATT_BACKGROUND}		\
		${LATT_CLIENTS:+--clients $LATT_CLIENTS}			\
		${LATT_COMMAND:+--command "$LATT_COMMAND"}			\
		${LATT_DURATION:+--duration $LATT_DURATION}			\
		${LATT_ITERATIONS:+--iterations $LATT_ITERATIONS}		\
		${LATT_MAX_WAIT:+--max-wait $LATT_MAX_WAIT}			\
		${LATT_MIN_WAIT:+--min-wait $LATT_MIN_WAIT}			\
		${LATT_WORK:+--work $LATT_WORK}
	return $?
}
