// STUB — in-process benchmarks (decode throughput, geodesic pairs/s, nearest-K) go here.
print("locate-bench: nothing yet")
