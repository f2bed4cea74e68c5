/* The native yardstick of benchmarks/bench_tiles.py: plain IDA* with the
 * Manhattan distance (Korf 1985), nothing else -- no tables, no
 * transposition table.  Incremental Manhattan distance, the move back
 * pruned, blank moves tried up, left, right, down.  Nodes counted as in
 * shared/data/korf100_ida_nodes.txt: children generated, plus one for the root.
 * Any board of W columns and H rows (W*H <= 64); the 15-puzzle by default.
 *
 * Build: cc -O2 -o ida ida.c
 * Use:   ida [W H [last]] < instances
 *        lines "id optimal t0 ... t(W*H-1)" (lines starting with # are
 *        skipped; "optimal" is not used).  Goal: blank first, tile t on cell
 *        t (Korf's), or with "last" tiles 1..W*H-1 then the blank (the
 *        page's default goal).
 * Prints one line per instance: "id length nodes cpu_seconds".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAXN 64

static int board[MAXN];
static int md_table[MAXN][MAXN];    /* [tile][cell] */
static int moves[MAXN][4];          /* blank cell -> neighbour cells, -1 ends */
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

int main(int argc, char **argv)
{
    int w = 4, h_rows = 4, last = 0;
    if (argc >= 3) { w = atoi(argv[1]); h_rows = atoi(argv[2]); }
    if (argc >= 4) last = strcmp(argv[3], "last") == 0;
    int n = w * h_rows;
    if (w < 2 || h_rows < 2 || n > MAXN) { fprintf(stderr, "bad board size\n"); return 2; }
    for (int t = 1; t < n; t++) {
        int goal = last ? t - 1 : t;            /* the tile's goal cell */
        for (int c = 0; c < n; c++)
            md_table[t][c] = abs(c / w - goal / w) + abs(c % w - goal % w);
    }
    for (int b = 0; b < n; b++) {
        int k = 0, r = b / w, col = b % w;
        if (r > 0) moves[b][k++] = b - w;          /* up */
        if (col > 0) moves[b][k++] = b - 1;        /* left */
        if (col < w - 1) moves[b][k++] = b + 1;    /* right */
        if (r < h_rows - 1) moves[b][k++] = b + w; /* down */
        while (k < 4) moves[b][k++] = -1;
    }
    char line[1024];
    while (fgets(line, sizeof line, stdin)) {
        if (line[0] == '#' || line[0] == '\n') continue;
        int id, opt, blank = -1;
        char *p = line;
        int used;
        if (sscanf(p, "%d %d%n", &id, &opt, &used) != 2) continue;
        p += used;
        for (int i = 0; i < n; i++) {
            sscanf(p, "%d%n", &board[i], &used);
            p += used;
            if (board[i] == 0) blank = i;
        }
        int h = 0;
        for (int i = 0; i < n; i++)
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
