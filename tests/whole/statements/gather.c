for (i = 0; i < n; i++)
  y[i] = x[idx[i]] + y[i];
