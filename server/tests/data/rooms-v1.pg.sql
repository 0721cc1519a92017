--
-- PostgreSQL database dump
--

\restrict 00Lh7IgBo9WTahMSgYhyUDVucMuW3XkrC8YCEazvFczFU3SRIxqPtMSULNt3fyk

-- Dumped from database version 15.18 (Debian 15.18-0+deb12u1)
-- Dumped by pg_dump version 15.18 (Debian 15.18-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: leases; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.leases (
    room text NOT NULL,
    owner text NOT NULL,
    expires timestamp with time zone NOT NULL
);


--
-- Name: moves; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.moves (
    room text NOT NULL,
    ply bigint NOT NULL,
    text text NOT NULL,
    at bigint NOT NULL
);


--
-- Name: players; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.players (
    id text NOT NULL,
    name text NOT NULL,
    token_hash text NOT NULL,
    created bigint NOT NULL
);


--
-- Name: presence; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.presence (
    room text NOT NULL,
    player text NOT NULL,
    process text NOT NULL
);


--
-- Name: processes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.processes (
    id text NOT NULL,
    expires timestamp with time zone NOT NULL
);


--
-- Name: ratings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.ratings (
    player text NOT NULL,
    game text NOT NULL,
    rating double precision NOT NULL,
    games bigint NOT NULL
);


--
-- Name: rooms; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.rooms (
    id text NOT NULL,
    game text NOT NULL,
    rated boolean NOT NULL,
    turn_seconds bigint NOT NULL,
    move_limit bigint,
    seats text NOT NULL,
    status text NOT NULL,
    created bigint NOT NULL,
    seed bigint NOT NULL,
    deadline bigint,
    result text,
    version bigint DEFAULT 0 NOT NULL
);


--
-- Data for Name: leases; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.leases (room, owner, expires) FROM stdin;
AeBgCnn-dwts49A0ism_WA	zYDR3AKtNFam	2026-12-05 20:19:46.6903+00
msKH5xX_nUzSsr8fFxFajA	zYDR3AKtNFam	2026-12-05 20:19:46.6903+00
aE0OtyhmBzEFtnadqbSVqw	zYDR3AKtNFam	2026-12-05 20:19:46.6903+00
j7wFP_Ue0iatcADpH_ptSg	zYDR3AKtNFam	2026-12-05 20:19:46.6903+00
wfmegdOtAeDcEHzzy08Evw	zYDR3AKtNFam	2026-12-05 20:19:46.6903+00
\.


--
-- Data for Name: moves; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.moves (room, ply, text, at) FROM stdin;
qnvACE-Qognrt-MKv5aMiQ	0	move:white:f2f3	1796501985456
qnvACE-Qognrt-MKv5aMiQ	1	move:black:e7e5	1796501985458
qnvACE-Qognrt-MKv5aMiQ	2	move:white:g2g4	1796501985460
qnvACE-Qognrt-MKv5aMiQ	3	move:black:d8h4	1796501985504
aE0OtyhmBzEFtnadqbSVqw	0	move:white:e2e4	1796501985516
aE0OtyhmBzEFtnadqbSVqw	1	move:black:e7e5	1796501985517
aE0OtyhmBzEFtnadqbSVqw	2	move:white:g1f3	1796501985518
j7wFP_Ue0iatcADpH_ptSg	0	move:white:e2e4	1796501985565
j7wFP_Ue0iatcADpH_ptSg	1	move:black:e7e6	1796501985565
j7wFP_Ue0iatcADpH_ptSg	2	move:white:d2d4	1796501985566
j7wFP_Ue0iatcADpH_ptSg	3	move:black:f8b4	1796501985609
j7wFP_Ue0iatcADpH_ptSg	4	move:white:c2c3	1796501985611
wfmegdOtAeDcEHzzy08Evw	0	move:red:f2f4	1796501985618
wfmegdOtAeDcEHzzy08Evw	1	move:green:m9k9	1796501985619
wfmegdOtAeDcEHzzy08Evw	2	move:yellow:g13g11	1796501985620
wfmegdOtAeDcEHzzy08Evw	3	move:blue:b4d4	1796501985621
wfmegdOtAeDcEHzzy08Evw	4	move:red:j1k3	1796501985621
wfmegdOtAeDcEHzzy08Evw	5	move:green:m4k4	1796501985664
wfmegdOtAeDcEHzzy08Evw	6	move:yellow:e14g13	1796501985666
wfmegdOtAeDcEHzzy08Evw	7	move:blue:a10c11	1796501985710
wfmegdOtAeDcEHzzy08Evw	8	move:red:i2i4	1796501985711
wfmegdOtAeDcEHzzy08Evw	9	resign:blue	1796501985712
wfmegdOtAeDcEHzzy08Evw	10	resign:yellow	1796501985713
wfmegdOtAeDcEHzzy08Evw	11	resign:green	1796501985714
HbxSEzhAkqUqVJbVcwED8g	0	move:red:d2d4	1796501985767
HbxSEzhAkqUqVJbVcwED8g	1	move:blue:b7d7	1796501985767
HbxSEzhAkqUqVJbVcwED8g	2	move:yellow:j13j12	1796501985768
HbxSEzhAkqUqVJbVcwED8g	3	move:green:m5k5	1796501985769
HbxSEzhAkqUqVJbVcwED8g	4	move:red:k2k4	1796501985770
HbxSEzhAkqUqVJbVcwED8g	5	move:blue:b10c10	1796501985816
HbxSEzhAkqUqVJbVcwED8g	6	move:yellow:j14k12	1796501985818
HbxSEzhAkqUqVJbVcwED8g	7	move:green:m9k9	1796501985819
HbxSEzhAkqUqVJbVcwED8g	8	move:red:e2e4	1796501985820
HbxSEzhAkqUqVJbVcwED8g	9	move:blue:b6c6	1796501985821
\.


--
-- Data for Name: players; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.players (id, name, token_hash, created) FROM stdin;
RDI81CeUqI06R-jL	Ana	faed73b4af0d792cedfc26cf1d94f446b95828596bbb042fe6cb1c93baf9ab91	1796501985439
6o_rYsUdL58ENh7e	Bo	fd1b4a4eed45ca44ed43a937a075cd8d0309ebaab1984d61ef1381248c81c033	1796501985449
lWBm7QqdGnpbSt58	Cy	84c73ec221fd8df395ca79541c37e97850cb01c44ecd868918a3a6574f5169e4	1796501985449
ZGl1fMx1BnyZ8bIn	Di	b273079afcc834dbda5acb6ac6b545be4cc733d14c20a0fb6dd9c6cf3a2cdc22	1796501985450
\.


--
-- Data for Name: presence; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.presence (room, player, process) FROM stdin;
qnvACE-Qognrt-MKv5aMiQ	RDI81CeUqI06R-jL	zYDR3AKtNFam
qnvACE-Qognrt-MKv5aMiQ	6o_rYsUdL58ENh7e	zYDR3AKtNFam
aE0OtyhmBzEFtnadqbSVqw	lWBm7QqdGnpbSt58	zYDR3AKtNFam
aE0OtyhmBzEFtnadqbSVqw	ZGl1fMx1BnyZ8bIn	zYDR3AKtNFam
j7wFP_Ue0iatcADpH_ptSg	6o_rYsUdL58ENh7e	zYDR3AKtNFam
j7wFP_Ue0iatcADpH_ptSg	lWBm7QqdGnpbSt58	zYDR3AKtNFam
wfmegdOtAeDcEHzzy08Evw	RDI81CeUqI06R-jL	zYDR3AKtNFam
wfmegdOtAeDcEHzzy08Evw	6o_rYsUdL58ENh7e	zYDR3AKtNFam
wfmegdOtAeDcEHzzy08Evw	lWBm7QqdGnpbSt58	zYDR3AKtNFam
wfmegdOtAeDcEHzzy08Evw	ZGl1fMx1BnyZ8bIn	zYDR3AKtNFam
HbxSEzhAkqUqVJbVcwED8g	6o_rYsUdL58ENh7e	zYDR3AKtNFam
HbxSEzhAkqUqVJbVcwED8g	RDI81CeUqI06R-jL	zYDR3AKtNFam
HbxSEzhAkqUqVJbVcwED8g	lWBm7QqdGnpbSt58	zYDR3AKtNFam
HbxSEzhAkqUqVJbVcwED8g	ZGl1fMx1BnyZ8bIn	zYDR3AKtNFam
\.


--
-- Data for Name: processes; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.processes (id, expires) FROM stdin;
zYDR3AKtNFam	2026-12-05 20:19:46.6903+00
\.


--
-- Data for Name: ratings; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.ratings (player, game, rating, games) FROM stdin;
RDI81CeUqI06R-jL	chess	1480	1
6o_rYsUdL58ENh7e	chess	1520	1
RDI81CeUqI06R-jL	kingdoms	1520	1
6o_rYsUdL58ENh7e	kingdoms	1480	1
lWBm7QqdGnpbSt58	kingdoms	1493.3333333333333	1
ZGl1fMx1BnyZ8bIn	kingdoms	1506.6666666666667	1
\.


--
-- Data for Name: rooms; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.rooms (id, game, rated, turn_seconds, move_limit, seats, status, created, seed, deadline, result, version) FROM stdin;
AeBgCnn-dwts49A0ism_WA	chess	t	60	\N	[{"player":{"id":"RDI81CeUqI06R-jL","name":"Ana"}},{}]	waiting	1796501985451	1762041013200912	\N	\N	0
msKH5xX_nUzSsr8fFxFajA	ffa	f	0	200	[{"player":{"id":"6o_rYsUdL58ENh7e","name":"Bo"}},{"computer":3},{},{}]	waiting	1796501985452	7781893972346127	\N	\N	0
HbxSEzhAkqUqVJbVcwED8g	ffa	f	0	\N	[{"player":{"id":"6o_rYsUdL58ENh7e","name":"Bo"}},{"player":{"id":"RDI81CeUqI06R-jL","name":"Ana"}},{"player":{"id":"lWBm7QqdGnpbSt58","name":"Cy"}},{"player":{"id":"ZGl1fMx1BnyZ8bIn","name":"Di"}}]	playing	1796501985757	674664486418233	\N	\N	13
qnvACE-Qognrt-MKv5aMiQ	chess	t	0	\N	[{"player":{"id":"RDI81CeUqI06R-jL","name":"Ana"}},{"player":{"id":"6o_rYsUdL58ENh7e","name":"Bo"}}]	over	1796501985452	5580273126402383	\N	{"canClaimDraw":false,"inCheck":["white"],"over":true,"result":{"reason":"checkmate","scores":[{"place":2,"player":"white","points":0},{"place":1,"player":"black","points":1}],"winners":["black"]},"turn":null}	5
wfmegdOtAeDcEHzzy08Evw	kingdoms	t	0	\N	[{"player":{"id":"RDI81CeUqI06R-jL","name":"Ana"}},{"player":{"id":"6o_rYsUdL58ENh7e","name":"Bo"}},{"player":{"id":"lWBm7QqdGnpbSt58","name":"Cy"}},{"player":{"id":"ZGl1fMx1BnyZ8bIn","name":"Di"}}]	over	1796501985612	7176316619645748	\N	{"canClaimDraw":false,"inCheck":[],"over":true,"result":{"reason":"last-survivor","scores":[{"place":1,"player":"red","points":60,"status":"active"},{"place":4,"player":"blue","points":0,"status":"resigned"},{"place":3,"player":"yellow","points":0,"status":"resigned"},{"place":2,"player":"green","points":0,"status":"resigned"}],"winners":["red"]},"turn":null}	15
aE0OtyhmBzEFtnadqbSVqw	chess	t	0	\N	[{"player":{"id":"lWBm7QqdGnpbSt58","name":"Cy"}},{"player":{"id":"ZGl1fMx1BnyZ8bIn","name":"Di"}}]	playing	1796501985512	7935225641716178	\N	\N	4
j7wFP_Ue0iatcADpH_ptSg	3check	f	0	\N	[{"player":{"id":"6o_rYsUdL58ENh7e","name":"Bo"}},{"player":{"id":"lWBm7QqdGnpbSt58","name":"Cy"}}]	playing	1796501985560	6319987128411200	\N	\N	6
\.


--
-- Name: leases leases_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.leases
    ADD CONSTRAINT leases_pkey PRIMARY KEY (room);


--
-- Name: moves moves_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.moves
    ADD CONSTRAINT moves_pkey PRIMARY KEY (room, ply);


--
-- Name: players players_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.players
    ADD CONSTRAINT players_pkey PRIMARY KEY (id);


--
-- Name: players players_token_hash_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.players
    ADD CONSTRAINT players_token_hash_key UNIQUE (token_hash);


--
-- Name: presence presence_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.presence
    ADD CONSTRAINT presence_pkey PRIMARY KEY (room, player, process);


--
-- Name: processes processes_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.processes
    ADD CONSTRAINT processes_pkey PRIMARY KEY (id);


--
-- Name: ratings ratings_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.ratings
    ADD CONSTRAINT ratings_pkey PRIMARY KEY (player, game);


--
-- Name: rooms rooms_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.rooms
    ADD CONSTRAINT rooms_pkey PRIMARY KEY (id);


--
-- Name: ratings_game; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ratings_game ON public.ratings USING btree (game, rating);


--
-- Name: rooms_status; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX rooms_status ON public.rooms USING btree (status, created);


--
-- Name: moves moves_room_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.moves
    ADD CONSTRAINT moves_room_fkey FOREIGN KEY (room) REFERENCES public.rooms(id);


--
-- Name: ratings ratings_player_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.ratings
    ADD CONSTRAINT ratings_player_fkey FOREIGN KEY (player) REFERENCES public.players(id);


--
-- PostgreSQL database dump complete
--

\unrestrict 00Lh7IgBo9WTahMSgYhyUDVucMuW3XkrC8YCEazvFczFU3SRIxqPtMSULNt3fyk

