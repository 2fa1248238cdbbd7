/* The reference Yatzy solver: the textbook dynamic programme, one state at a time, in plain C.
 *
 * The baseline of benchmarks/strategy.py (docs/performance.md, "Strategy"): the free-order
 * table solved the way the papers describe it (Verhoeff; Glenn, "An optimal strategy for
 * Yahtzee", the per-state "widget"), with no vectorising and no tricks, compiled with -O2.
 * The program's numpy build is measured against it in the same run.
 *
 * The dice tables come from the benchmark on standard input, so both solvers score and
 * re-throw alike (the game's own score function made them):
 *   points[15][252]  int32  what each throw scores in each box
 *   keep_throws      int32  for each of the 462 keeps: n, then n pairs (throw, chance * 7776)
 *   throw_keeps      int32  for each of the 252 throws: n, then its n distinct keeps (of 0..5 dice)
 * It solves every reachable (filled boxes, upper total) state from 14 filled boxes down to
 * none, in free order, and prints E[empty card, 0], the expected final total (248.439989).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { BOXES = 15, UPPER = 6, THROWS = 252, KEEPS = 462, CARDS = 1 << BOXES, TOTALS = 64, BONUS = 50 };

static int points[BOXES][THROWS];
static int keep_n[KEEPS], *keep_to[KEEPS], *keep_chance[KEEPS];
static int throw_n[THROWS], *throw_keeps[THROWS];
static double values[CARDS][TOTALS];
static unsigned char reachable[1 << UPPER][TOTALS];

static int read_int(void) {
    int value;
    if (fread(&value, sizeof value, 1, stdin) != 1) { fprintf(stderr, "short input\n"); exit(1); }
    return value;
}

static int *read_ints(int n) {
    int *ints = malloc(sizeof(int) * (size_t)(n ? n : 1));
    for (int i = 0; i < n; i++) ints[i] = read_int();
    return ints;
}

/* The keep values, given each throw's value: the chance-weighted mean over the dice re-thrown. */
static void keep_values(const double *thrown, double *keeps) {
    for (int k = 0; k < KEEPS; k++) {
        double total = 0;
        for (int i = 0; i < keep_n[k]; i++) total += keep_chance[k][i] * thrown[keep_to[k][i]];
        keeps[k] = total / 7776.0;
    }
}

/* Each throw's value with a re-throw left: its best keep (keeping all five is stopping). */
static void best_keeps(const double *keeps, double *thrown) {
    for (int r = 0; r < THROWS; r++) {
        double best = -1e300;
        for (int i = 0; i < throw_n[r]; i++) if (keeps[throw_keeps[r][i]] > best) best = keeps[throw_keeps[r][i]];
        thrown[r] = best;
    }
}

static double solve_state(int card, int upper) {
    double final[THROWS], keeps[KEEPS], thrown[THROWS];
    for (int r = 0; r < THROWS; r++) {
        double best = -1e300;
        for (int b = 0; b < BOXES; b++) {
            if (card >> b & 1) continue;
            int score = points[b][r], total = upper;
            if (b < UPPER) {
                total = upper + score > 63 ? 63 : upper + score;
                if (total == 63 && upper < 63) score += BONUS;
            }
            double worth = score + values[card | 1 << b][total];
            if (worth > best) best = worth;
        }
        final[r] = best;
    }
    keep_values(final, keeps);
    best_keeps(keeps, thrown);
    keep_values(thrown, keeps);
    best_keeps(keeps, thrown);
    double total = 0;  /* before the first throw: the empty keep (keep 0) */
    for (int i = 0; i < keep_n[0]; i++) total += keep_chance[0][i] * thrown[keep_to[0][i]];
    return total / 7776.0;
}

int main(void) {
    for (int b = 0; b < BOXES; b++) for (int r = 0; r < THROWS; r++) points[b][r] = read_int();
    for (int k = 0; k < KEEPS; k++) {
        keep_n[k] = read_int();
        keep_to[k] = malloc(sizeof(int) * (size_t)keep_n[k]);
        keep_chance[k] = malloc(sizeof(int) * (size_t)keep_n[k]);
        for (int i = 0; i < keep_n[k]; i++) { keep_to[k][i] = read_int(); keep_chance[k][i] = read_int(); }
    }
    for (int r = 0; r < THROWS; r++) { throw_n[r] = read_int(); throw_keeps[r] = read_ints(throw_n[r]); }
    /* The upper totals each set of filled upper boxes can make (63 stands for 63 or more). */
    for (int mask = 0; mask < 1 << UPPER; mask++) {
        reachable[mask][0] = 1;
        for (int b = 0; b < UPPER; b++) {
            if (!(mask >> b & 1)) continue;
            unsigned char next[TOTALS] = {0};
            for (int t = 0; t < TOTALS; t++) if (reachable[mask][t])
                for (int n = 0; n <= 5; n++) next[t + (b + 1) * n > 63 ? 63 : t + (b + 1) * n] = 1;
            memcpy(reachable[mask], next, sizeof next);
        }
    }
    for (int filled = BOXES - 1; filled >= 0; filled--)
        for (int card = 0; card < CARDS; card++) {
            if (__builtin_popcount((unsigned)card) != filled) continue;
            for (int upper = 0; upper < TOTALS; upper++)
                if (reachable[card & ((1 << UPPER) - 1)][upper]) values[card][upper] = solve_state(card, upper);
        }
    printf("%.6f\n", values[0][0]);
    return 0;
}
