"""The teachers' auction lab: the models behind the ``auction-lab`` and ``zavandor`` pages.

Pure computation (numpy, scipy and the two game engines), no widgets, so every model is unit-tested
without a browser (``tests/auctionlab/``):

* :mod:`auctionlab.stats`: confidence intervals (means, proportions);
* :mod:`auctionlab.fpsb`: first-price sealed bids, bid shading (n-1)/n, the winner's curse;
* :mod:`auctionlab.picks`: what each pick rank in one tavern is worth, from nidlib's Age decks and scoring;
* :mod:`auctionlab.blotto`: the 2-player one-round coin allocation over three taverns, solved by LP;
* :mod:`auctionlab.games`: whole Nidavellir games played by nidlib's engine with trade policies;
* :mod:`auctionlab.tiebreak`: tie rules compared (gem swap, fixed priority, random, rotating);
* :mod:`auctionlab.zav`: what the Zavandor pages chart, from :mod:`zavandor.sim`.

Every random model takes a ``seed`` and is deterministic for it, so a teacher can reproduce a figure.
"""
