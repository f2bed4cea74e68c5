/* The native yardstick of benchmarks/bench_tiles.py: plain IDA* with the
 * Manhattan distance for the 15-puzzle (Korf 1985), nothing else -- no
 * tables, no transposition table.  Incremental Manhattan distance, the move
 * back pruned, blank moves tried up, left, right, down.  Nodes counted as in
 * shared/data/korf100_ida_nodes.txt: children generated, plus one for the root.
 *
 * Build: cc -O2 -o ida ida.c
 * Use:   ida < instances      lines "id optimal t0 ... t15" (blank-first goal
 *                             0 1 ... 15; lines starting with # are skipped)
 * Prints one line per instance: "id length nodes cpu_seconds".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int board[16];
static int md_table[16][16];        /* [tile][cell] */
static int moves[16][4];            /* blank cell -> neighbour cells, -1 ends */
static unsigned long long nodes;
static int path_len;

static int search(int blank, int prev, int g, int h, int bound, int *next_bound)
{
    for (int k = 0; k < 4; k++) {
        int c = moves[blank][k];
        if (c < 0) break;
        if (c == prev) continue;
        int t = board[c];
        int h2 = h - md_table[t][c] + md_table[t][blank];
        int f = g + 1 + h2;
        nodes++;
        if (f > bound) {
            if (f < *next_bound) *next_bound = f;
            continue;
        }
        if (h2 == 0) { path_len = g + 1; return 1; }
        board[blank] = t;
        board[c] = 0;
        int found = search(c, blank, g + 1, h2, bound, next_bound);
        board[c] = t;
        board[blank] = 0;
        if (found) return 1;
    }
    return 0;
}

int main(void)
{
    for (int t = 1; t < 16; t++)
        for (int c = 0; c < 16; c++)
            md_table[t][c] = abs(c / 4 - t / 4) + abs(c % 4 - t % 4);
    for (int b = 0; b < 16; b++) {
        int n = 0, r = b / 4, col = b % 4;
        if (r > 0) moves[b][n++] = b - 4;      /* up */
        if (col > 0) moves[b][n++] = b - 1;    /* left */
        if (col < 3) moves[b][n++] = b + 1;    /* right */
        if (r < 3) moves[b][n++] = b + 4;      /* down */
        while (n < 4) moves[b][n++] = -1;
    }
    char line[512];
    while (fgets(line, sizeof line, stdin)) {
        if (line[0] == '#' || line[0] == '\n') continue;
        int id, opt, blank = -1;
        char *p = line;
        int used;
        if (sscanf(p, "%d %d%n", &id, &opt, &used) != 2) continue;
        p += used;
        for (int i = 0; i < 16; i++) {
            sscanf(p, "%d%n", &board[i], &used);
            p += used;
            if (board[i] == 0) blank = i;
        }
        int h = 0;
        for (int i = 0; i < 16; i++)
            if (board[i]) h += md_table[board[i]][i];
        clock_t t0 = clock();
        nodes = 1;
        path_len = 0;
        int bound = h;
        if (h > 0) {
            for (;;) {
                int next_bound = 1 << 30;
                if (search(blank, -1, 0, h, bound, &next_bound)) break;
                bound = next_bound;
            }
        }
        double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
        printf("%d %d %llu %.4f\n", id, path_len, nodes, secs);
        fflush(stdout);
    }
    return 0;
}
