"""tc_programs.py -- the index-heavy PyTorch programs tc_run.py compiles
with torch.compile(dynamic=True), native and with magicdiv_triton.

Each program: a plain function of tensors, an input builder, and two
shapes (the first compiles the dynamic graph, the second runs the same
kernels with other sizes and is the one timed).  Sizes are odd and all
different, so that dynamo gives every dimension its own symbol (equal
sizes would share one, sizes 0 and 1 are specialized) and Inductor's
kernels divide by them (`x0 = xindex % ks0`, `x1 = xindex // ks0`); no
size equals a static one either (a batch of 3 beside 3 input channels
would be specialized to 3, and the second shape recompile).
"cpu" shapes are small ones for the CPU development mode.
Needs torch; imported by tc_child.py only."""
import torch
import torch.nn.functional as F


def _gen(device, seed):
    g = torch.Generator(device=device)
    g.manual_seed(seed)
    return g


def _randn(shape, device, seed):
    return torch.randn(shape, generator=_gen(device, seed), device=device)


def _randint(high, shape, device, seed):
    return torch.randint(0, high, shape, generator=_gen(device, seed),
                         device=device)


def permute(x):
    """A contiguous copy of a permuted 4-D tensor (NCHW -> NHWC-like)."""
    return x.permute(0, 3, 1, 2).contiguous()


def reduce_dims(x):
    """A sum over dims 1 and 3: the reduction index is split by W in the
    kernel's loop."""
    return x.sum(dim=(1, 3))


def cat(a, b, c):
    """Three tensors concatenated along dim 1 (not the last)."""
    return torch.cat([a, b, c], dim=1)


def gather(x, idx):
    """torch.gather along the last dim."""
    return torch.gather(x, 2, idx)


def embedding(idx, weight):
    """Embedding lookup: rows of weight for each index, scaled."""
    return F.embedding(idx, weight) * 0.5


def avgpool(x):
    return F.avg_pool2d(x, 3, stride=2, padding=1)


def maxpool(x):
    return F.max_pool2d(x, 3, stride=2)


class Block(torch.nn.Module):
    """A small transformer block: layer norm, 4-head attention written out
    (so its softmax and head permutes are Inductor's kernels), MLP."""

    def __init__(self, d=96, heads=4):
        super().__init__()
        self.heads = heads
        self.ln1 = torch.nn.LayerNorm(d)
        self.qkv = torch.nn.Linear(d, 3 * d)
        self.proj = torch.nn.Linear(d, d)
        self.ln2 = torch.nn.LayerNorm(d)
        self.fc1 = torch.nn.Linear(d, 4 * d)
        self.fc2 = torch.nn.Linear(4 * d, d)

    def forward(self, x):
        b, t, d = x.shape
        h = self.heads
        q, k, v = self.qkv(self.ln1(x)).split(d, dim=2)
        q = q.view(b, t, h, d // h).transpose(1, 2)
        k = k.view(b, t, h, d // h).transpose(1, 2)
        v = v.view(b, t, h, d // h).transpose(1, 2)
        att = (q @ k.transpose(-2, -1)) * (1.0 / (d // h) ** 0.5)
        y = att.softmax(dim=-1) @ v
        x = x + self.proj(y.transpose(1, 2).reshape(b, t, d))
        return x + self.fc2(F.gelu(self.fc1(self.ln2(x))))


class ConvNet(torch.nn.Module):
    """conv + batch norm (eval) + ReLU + avg pool, NCHW: the norm's
    per-channel parameters are indexed by (xindex // (H*W)) % C."""

    def __init__(self, c=24):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, c, 3, padding=1)
        self.bn = torch.nn.BatchNorm2d(c)
        self.bn.running_mean.uniform_(-0.5, 0.5)
        self.bn.running_var.uniform_(0.5, 1.5)

    def forward(self, x):
        return F.avg_pool2d(torch.relu(self.bn(self.conv(x))), 2, ceil_mode=True)


def _model(cls, device):
    torch.manual_seed(1234)
    m = cls().to(device).eval()
    return m


# name -> (function or module class, input builder, shapes: gpu, cpu)
PROGRAMS = [
    ("permute", permute,
     lambda s, dev: (_randn(s, dev, 1),),
     {"cuda": [(5, 41, 37, 89), (12, 97, 73, 193)],
      "cpu": [(3, 7, 11, 13), (5, 9, 17, 19)]}),
    ("reduce", reduce_dims,
     lambda s, dev: (_randn(s, dev, 2),),
     {"cuda": [(5, 43, 37, 91), (7, 131, 79, 113)],
      "cpu": [(3, 7, 11, 13), (5, 9, 17, 19)]}),
    ("block", Block,
     lambda s, dev: (_randn((s[0], s[1], 96), dev, 3),),
     {"cuda": [(3, 57), (11, 299)], "cpu": [(3, 7), (5, 11)]}),
    ("avgpool", avgpool,
     lambda s, dev: (_randn(s, dev, 4),),
     {"cuda": [(3, 19, 45, 61), (9, 67, 149, 171)],
      "cpu": [(3, 5, 13, 17), (5, 7, 19, 23)]}),
    ("gather", gather,
     lambda s, dev: (_randn(s[:3], dev, 5),
                     _randint(s[2], (s[0], s[1], s[3]), dev, 6)),
     {"cuda": [(3, 37, 101, 53), (13, 811, 389, 271)],
      "cpu": [(3, 7, 11, 5), (5, 9, 13, 7)]}),
    ("cat", cat,
     lambda s, dev: (_randn((s[0], s[1], s[4]), dev, 7),
                     _randn((s[0], s[2], s[4]), dev, 8),
                     _randn((s[0], s[3], s[4]), dev, 9)),
     {"cuda": [(3, 17, 29, 41, 103), (7, 83, 97, 61, 3001)],
      "cpu": [(3, 5, 7, 9, 11), (5, 7, 9, 11, 13)]}),
    ("maxpool", maxpool,
     lambda s, dev: (_randn(s, dev, 10),),
     {"cuda": [(3, 19, 45, 61), (9, 67, 149, 171)],
      "cpu": [(3, 5, 13, 17), (5, 7, 19, 23)]}),
    ("embedding", embedding,
     lambda s, dev: (_randint(s[2], (s[0], s[1]), dev, 11),
                     _randn((s[2], s[3]), dev, 12)),
     {"cuda": [(3, 41, 1013, 77), (13, 1021, 4099, 389)],
      "cpu": [(3, 7, 29, 5), (5, 9, 31, 11)]}),
    ("convnet", ConvNet,
     lambda s, dev: (_randn((s[0], 3, s[1], s[2]), dev, 13),),
     {"cuda": [(4, 45, 61), (17, 223, 197)], "cpu": [(4, 13, 17), (5, 19, 23)]}),
]
NAMES = [p[0] for p in PROGRAMS]


def get(name, device):
    """(callable, builder, [shape A, shape B]) of program name; a module
    class is built on device (seeded, eval mode)."""
    for n, fn, build, shapes in PROGRAMS:
        if n == name:
            if isinstance(fn, type):
                fn = _model(fn, device)
            return fn, build, shapes["cuda" if device.startswith("cuda") else "cpu"]
    raise KeyError(name)
