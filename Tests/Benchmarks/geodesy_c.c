/* geodesy_c.c: GeographicLib's C library (PROJ's geodesic.h, Debian libproj-dev) on a pairs
 * file, for `make bench` (Tests/Benchmarks/geodesy.sh). Reads "lat1 lon1 lat2 lon2" lines,
 * runs geod_inverse (distance and both azimuths, as GeodSolve -i) on every pair REPS times,
 * and prints the compute-only rate in the same format as `LocateBench geodesy PAIRS`.
 * Build: cc -O2 -o geodesy_c geodesy_c.c -lproj -lm */
#include <geodesic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s PAIRS [REPS]\n", argv[0]);
    return 64;
  }
  int reps = argc > 2 ? atoi(argv[2]) : 1;
  FILE *f = fopen(argv[1], "r");
  if (!f) {
    perror(argv[1]);
    return 66;
  }
  size_t n = 0, cap = 1 << 16;
  double *v = malloc(cap * 4 * sizeof *v);
  char line[512];
  while (fgets(line, sizeof line, f)) {
    double q[4];
    char *p = line, *e;
    int k;
    for (k = 0; k < 4; k++, p = e) {
      q[k] = strtod(p, &e);
      if (e == p) break;
    }
    if (k < 4) continue;
    if (n == cap) v = realloc(v, (cap *= 2) * 4 * sizeof *v);
    for (k = 0; k < 4; k++) v[4 * n + k] = q[k];
    n++;
  }
  fclose(f);
  struct geod_geodesic g;
  geod_init(&g, 6378137, 1 / 298.257223563);
  double sum = 0, azimuths = 0, s12, azi1, azi2;
  double t0 = seconds();
  for (int r = 0; r < reps; r++)
    for (size_t i = 0; i < n; i++) {
      geod_inverse(&g, v[4 * i], v[4 * i + 1], v[4 * i + 2], v[4 * i + 3], &s12, &azi1, &azi2);
      sum += s12;
      azimuths += azi1 + azi2;
    }
  double t = seconds() - t0;
  printf("geod_c pairs=%zu reps=%d compute_s=%.3f compute_pairs_per_s=%.0f checksum=%.6e "
         "azimuth_checksum=%.6e\n",
         n, reps, t, n * reps / t, sum / reps, azimuths / reps);
  free(v);
  return 0;
}
